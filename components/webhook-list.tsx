import type { WebhookEndpointView } from "@/lib/server/webhooks/webhook-endpoints";
import { LocalTime } from "./local-time";
import { CreateWebhookForm, PingWebhookButton, WebhookActiveButton } from "./webhook-forms";
import { WEBHOOK_KIND_LABELS } from "./webhook-kind-labels";

const STATUS_LABELS = { PENDING: "Waiting", SENT: "Sent", FAILED: "Failed", GONE: "Gone" };
const STATUS_COLORS = {
  PENDING: "text-amber-700",
  SENT: "text-emerald-700",
  FAILED: "text-red-700",
  GONE: "text-red-700",
};
const kindLabel = (kind: string) =>
  WEBHOOK_KIND_LABELS[kind as keyof typeof WEBHOOK_KIND_LABELS] ?? kind;

/** The event's webhooks with their last deliveries, and the form to add one. */
export function WebhookSettings({
  tournamentId,
  endpoints,
}: {
  tournamentId: string;
  endpoints: WebhookEndpointView[];
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Other programs (a store&apos;s Discord, a stream overlay) are told when rounds are paired,
        results recorded and more, signed so they can tell it is this event.{" "}
        <a className="underline" href="https://github.com/standard-webhooks/standard-webhooks">
          Standard Webhooks
        </a>
        .
      </p>
      {endpoints.length > 0 && (
        <ul className="space-y-4" aria-label="Webhooks">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="rounded-md border border-slate-200 p-3">
              <p className="truncate font-mono text-sm" title={endpoint.url}>
                {endpoint.url}
              </p>
              <p className="text-xs text-slate-500">
                {endpoint.active ? "On" : "Off"}
                {endpoint.disabledReason && ` (${endpoint.disabledReason})`} ·{" "}
                {endpoint.kinds.map(kindLabel).join(", ")}
              </p>
              <div className="mt-2 flex flex-wrap items-start gap-2">
                {endpoint.active && (
                  <PingWebhookButton tournamentId={tournamentId} endpointId={endpoint.id} />
                )}
                <WebhookActiveButton
                  tournamentId={tournamentId}
                  endpointId={endpoint.id}
                  isActive={endpoint.active}
                />
              </div>
              <Deliveries deliveries={endpoint.deliveries} />
            </li>
          ))}
        </ul>
      )}
      <CreateWebhookForm tournamentId={tournamentId} />
    </div>
  );
}

function Deliveries({ deliveries }: { deliveries: WebhookEndpointView["deliveries"] }) {
  if (deliveries.length === 0)
    return <p className="mt-2 text-xs text-slate-500">Nothing sent yet.</p>;
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-xs" aria-label="Last deliveries">
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-2 font-medium">When</th>
            <th className="py-1 pr-2 font-medium">Event</th>
            <th className="py-1 pr-2 font-medium">Status</th>
            <th className="py-1 pr-2 font-medium whitespace-nowrap">Tries</th>
            <th className="py-1 font-medium">Next try / error</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td className="py-1 pr-2 whitespace-nowrap">
                <LocalTime dateTime={delivery.createdAt.toISOString()} format="time" />
              </td>
              <td className="py-1 pr-2">{kindLabel(delivery.announcement.kind)}</td>
              <td className={`py-1 pr-2 whitespace-nowrap ${STATUS_COLORS[delivery.status]}`}>
                {STATUS_LABELS[delivery.status]}
                {delivery.lastStatusCode !== null && ` · ${delivery.lastStatusCode}`}
              </td>
              <td className="py-1 pr-2">{delivery.attempts}</td>
              <td className="py-1 break-words text-slate-600">
                {delivery.status === "PENDING" && (
                  <LocalTime dateTime={delivery.nextAttemptAt.toISOString()} format="time" />
                )}
                {delivery.lastError && ` ${delivery.lastError}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
