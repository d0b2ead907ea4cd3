/** A share in basis points as a percentage ("33.33"). */
export function sharePercent(shareBp: number): string {
  return (shareBp / 100).toFixed(2).replace(/\.?0+$/, '');
}
