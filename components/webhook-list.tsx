import type { WebhookEndpointView } from "@/lib/server/webhooks/webhook-endpoints";
import { LocalTime } from "./local-time";
import {
  CreateWebhookForm,
  WebhookControls,
  WebhookDeleted,
  WebhookSecret,
  WebhookSecrets,
} from "./webhook-forms";
import { deliveryWhat } from "./webhook-delivery-words";
import { kindLabel } from "./webhook-kind-labels";

type Delivery = WebhookEndpointView["deliveries"][number];

const STATUS_LABELS = { PENDING: "Waiting", SENT: "Sent", FAILED: "Failed", GONE: "Stopped" };
/** A waiting delivery that was tried already will be tried again. */
const statusLabel = (delivery: Delivery) =>
  delivery.status === "PENDING" && delivery.attempts > 0
    ? "Retrying"
    : STATUS_LABELS[delivery.status];
const STATUS_COLORS = {
  PENDING: "bg-amber-100 text-amber-900",
  SENT: "bg-emerald-100 text-emerald-900",
  FAILED: "bg-red-100 text-red-900",
  GONE: "bg-slate-200 text-slate-800",
};

/** The event's webhooks with their last deliveries, and the form to add one. */
export function WebhookSettings({
  tournamentId,
  endpoints,
}: {
  tournamentId: string;
  endpoints: WebhookEndpointView[];
}) {
  return (
    <WebhookSecrets>
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Other programs (a store&apos;s Discord, a stream overlay) are told when rounds are paired,
          results recorded and more, signed so they can tell it is this event.{" "}
          <a className="underline" href="https://github.com/standard-webhooks/standard-webhooks">
            Standard Webhooks
          </a>
          .
        </p>
        <WebhookDeleted />
        {endpoints.length > 0 && (
          <ul className="space-y-4" aria-label="Webhooks">
            {endpoints.map((endpoint) => (
              <li
                key={endpoint.id}
                aria-label={endpoint.url}
                className="space-y-2 rounded-md border border-slate-200 p-3"
              >
                <div>
                  <p className="font-mono text-sm break-all">{endpoint.url}</p>
                  <p className="text-xs text-slate-600">
                    <span className={endpoint.active ? "text-emerald-700" : "text-slate-700"}>
                      {endpoint.active ? "On" : "Off"}
                    </span>
                    {endpoint.disabledReason && ` (${endpoint.disabledReason})`} ·{" "}
                    {endpoint.kinds.map(kindLabel).join(", ")}
                  </p>
                </div>
                <WebhookSecret endpointId={endpoint.id} />
                <WebhookControls
                  tournamentId={tournamentId}
                  endpointId={endpoint.id}
                  url={endpoint.url}
                  isActive={endpoint.active}
                />
                <Deliveries deliveries={endpoint.deliveries} />
              </li>
            ))}
          </ul>
        )}
        <div className="border-t border-slate-200 pt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Add a webhook</h3>
          <CreateWebhookForm tournamentId={tournamentId} />
        </div>
      </div>
    </WebhookSecrets>
  );
}

function Deliveries({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0) return <p className="text-xs text-slate-500">Nothing sent yet.</p>;
  return (
    <div>
      <h3 className="text-xs font-medium text-slate-500">Last deliveries</h3>
      <ul className="divide-y divide-slate-100 text-sm" aria-label="Last deliveries">
        {deliveries.map((delivery) => (
          <DeliveryRow key={delivery.id} delivery={delivery} />
        ))}
      </ul>
    </div>
  );
}

/** One delivery: what it announced, then its status, tries, next try and error, each on its own. */
function DeliveryRow({ delivery }: { delivery: Delivery }) {
  const isWaiting = delivery.status === "PENDING";
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium text-slate-800">{deliveryWhat(delivery.subject)}</span>
        <LocalTime dateTime={delivery.createdAt} format="time" className="text-xs text-slate-500" />
      </div>
      <dl className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <div>
          <dt className="sr-only">Status</dt>
          <dd
            className={`rounded px-1.5 py-0.5 font-medium ${STATUS_COLORS[delivery.status]}`}
            data-testid="delivery-status"
          >
            {statusLabel(delivery)}
          </dd>
        </div>
        {delivery.lastStatusCode !== null && (
          <div className="flex gap-1">
            <dt>Answer</dt>
            <dd>HTTP {delivery.lastStatusCode}</dd>
          </div>
        )}
        <div className="flex gap-1">
          <dt>Tries</dt>
          <dd>{delivery.attempts}</dd>
        </div>
        {isWaiting && (
          <div className="flex gap-1">
            <dt>Next try</dt>
            <dd>
              <LocalTime dateTime={delivery.nextAttemptAt} format="time" />
            </dd>
          </div>
        )}
      </dl>
      {delivery.lastError && (
        <dl className="mt-1 flex gap-1 text-xs">
          <dt className="shrink-0 text-slate-600">Error</dt>
          <dd className="min-w-0 break-words text-red-800">{delivery.lastError}</dd>
        </dl>
      )}
    </li>
  );
}
