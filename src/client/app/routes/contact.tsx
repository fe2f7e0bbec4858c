import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { paragraphsOf } from '#shared/shop-settings.ts';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';
import { shopOf } from '#client/app/catalogue-context.ts';
import contactCss from './contact.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

export const meta = () =>
  pageMeta('Contact', `How to reach ${SHOP_NAME}: email, phone and address.`);

/** The shop's contact details and words as its owner set them (ADR 048), rendered by the server. */
export function loader({ context }: LoaderFunctionArgs) {
  const { name, email, phone, hours, address, contactText } = shopOf(context);
  return {
    email,
    phone,
    hours,
    address: [name, ...address],
    paragraphs: paragraphsOf(contactText),
  };
}

export default function ContactRoute() {
  const { email, phone, address, hours, paragraphs } = useLoaderData<typeof loader>();
  return (
    <div className="contact-page">
      <StyleSheet href="contact" css={contactCss} />
      <h1>Contact us</h1>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      <dl className="contact-page__details">
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${email}`}>{email}</a>
        </dd>
        {phone && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
            </dd>
          </>
        )}
        {hours && (
          <>
            <dt>Hours</dt>
            <dd>{hours}</dd>
          </>
        )}
        <dt>Address</dt>
        <dd>
          <address>
            {address.map((line, index) => (
              <span key={index} className="contact-page__line">
                {line}
              </span>
            ))}
          </address>
        </dd>
      </dl>
    </div>
  );
}
