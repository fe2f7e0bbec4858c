import { useAppSelector } from '#client/app/hooks.ts';
import { selectNoLongerAvailable } from '#client/features/cart/cart-selectors.ts';

/**
 * Names the products whose lines left the cart because the shop no longer sells them (archived
 * since they were added, ADR 053), so a line never vanishes unexplained. Nothing when none did.
 */
export function NoLongerAvailable({ className }: { className: string }) {
  const names = useAppSelector(selectNoLongerAvailable);
  return (
    <div role="status" className={className}>
      {names.map((name) => (
        <p key={name}>{name} is no longer available.</p>
      ))}
    </div>
  );
}
