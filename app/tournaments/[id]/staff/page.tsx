import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Card } from "@/components/card";
import {
  DeleteTournamentForm,
  InviteStaffForm,
  NewInvitationLinkButton,
  PublishForm,
  RemoveStaffButton,
} from "@/components/staff-forms";
import { listStaff } from "@/lib/server/tournament/staff";
import { getTournamentSettings } from "@/lib/server/tournament/event-status";
import { TournamentSettingsForm } from "@/components/tournament-settings-form";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { ROLE_LABELS } from "@/lib/rules/permissions";
import { LocalTime } from "@/components/local-time";
import { RegistrationSettingsForm } from "@/components/check-in-forms";
import { getCheckInOverview } from "@/lib/server/check-in/check-in";
import { listWebhookEndpoints } from "@/lib/server/webhooks/webhook-endpoints";
import { WebhookSettings } from "@/components/webhook-list";

export const metadata: Metadata = { title: "Staff & settings" };
export const dynamic = "force-dynamic";

export default async function StaffPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff || !viewer.tournament) notFound();
  const canChangeSettings = viewer.can("tournament.settings");
  const [staff, settings, checkIn, webhooks] = await Promise.all([
    listStaff(id),
    getTournamentSettings(id),
    getCheckInOverview(viewer.access),
    canChangeSettings ? listWebhookEndpoints(id) : null,
  ]);
  if (!settings) notFound();
  const canManageStaff = viewer.can("staff.manage");
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <Card title="Staff">
        <ul className="divide-y divide-slate-100" aria-label="Staff">
          {staff.map((member) => {
            const label = member.name.trim() || member.email;
            return (
              <li
                key={member.id}
                className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium" title={label}>
                    {label}
                  </span>
                  <span className="block truncate text-xs text-slate-500" title={member.email}>
                    {ROLE_LABELS[member.role]} · {member.email}
                    {member.isPending &&
                      (member.linkExpiresAt ? (
                        <>
                          {" · invited, link works until "}
                          <LocalTime dateTime={member.linkExpiresAt} format="date-time" />
                        </>
                      ) : (
                        " · invited, no working link: make a new one"
                      ))}
                  </span>
                </span>
                {canManageStaff && member.role !== "ORGANIZER" && (
                  <span className="flex flex-wrap items-start gap-2">
                    {member.isPending && (
                      <NewInvitationLinkButton
                        tournamentId={id}
                        staffId={member.id}
                        label={label}
                      />
                    )}
                    <RemoveStaffButton
                      tournamentId={id}
                      staffId={member.id}
                      label={label}
                      isPending={member.isPending}
                    />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {canManageStaff && (
          <div className="mt-4 border-t border-slate-100 pt-4">
            <InviteStaffForm tournamentId={id} />
          </div>
        )}
      </Card>
      <div className="space-y-6">
        <Card title="Settings">
          {viewer.can("tournament.settings") ? (
            <TournamentSettingsForm
              tournamentId={id}
              settings={settings.settings}
              locks={settings.locks}
              version={settings.version}
              swissRoundsPaired={settings.swissRoundsPaired}
              recommendedRounds={settings.recommended?.rounds ?? null}
            />
          ) : (
            <p className="text-sm text-slate-600">The organizer changes the settings.</p>
          )}
        </Card>
        {viewer.can("tournament.settings") && checkIn && (
          <Card title="Registration from phones">
            <RegistrationSettingsForm
              tournamentId={id}
              isOpen={checkIn.isOpen}
              cap={checkIn.cap}
              phoneCap={checkIn.phoneCap}
              fromPhones={checkIn.fromPhones}
            />
          </Card>
        )}
        <Card title="Publishing">
          {viewer.can("tournament.settings") ? (
            <PublishForm tournamentId={id} isPublished={viewer.tournament.isPublished} />
          ) : (
            <p className="text-sm text-slate-600">
              {viewer.tournament.isPublished ? "Published." : "Not published yet."} The organizer
              decides.
            </p>
          )}
        </Card>
        {webhooks && (
          <Card title="Webhooks">
            <WebhookSettings tournamentId={id} endpoints={webhooks} />
          </Card>
        )}
        {viewer.can("tournament.delete") && (
          <Card title="Delete">
            <DeleteTournamentForm tournamentId={id} name={viewer.tournament.name} />
          </Card>
        )}
      </div>
    </div>
  );
}
