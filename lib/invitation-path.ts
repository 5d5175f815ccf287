/** Where a staff invitation's secret link points (app/invite/[token]). */
export function invitationPath(token: string): string {
  return `/invite/${encodeURIComponent(token)}`;
}
