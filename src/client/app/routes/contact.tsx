import { SHOP_CONTACT } from '#shared/shop-contact.ts';
import { pageMeta } from '#client/app/page-meta.ts';
import contactCss from './contact.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

export const meta = () =>
  pageMeta('Contact', 'How to reach CRWN Clothing: email, phone and address.');

export default function ContactRoute() {
  const { email, phone, address, hours } = SHOP_CONTACT;
  return (
    <div className="contact-page">
      <StyleSheet href="contact" css={contactCss} />
      <h1>Contact us</h1>
      <p>Questions about an order, a size or a return? We answer every message within a day.</p>
      <dl className="contact-page__details">
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${email}`}>{email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
        </dd>
        <dt>Hours</dt>
        <dd>{hours}</dd>
        <dt>Address</dt>
        <dd>
          <address>
            {address.map((line) => (
              <span key={line} className="contact-page__line">
                {line}
              </span>
            ))}
          </address>
        </dd>
      </dl>
    </div>
  );
}
