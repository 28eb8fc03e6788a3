import { Section } from "@/components/ui/Section";
import { formatDate } from "@/lib/formatDate";

interface LinkedIdentity {
  id: string;
  providerName: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Account > Security > Single sign-on: the identity providers' accounts that sign this account in. */
export function IdentitiesSection({ identities }: { identities: LinkedIdentity[] }) {
  return (
    <Section
      id="identities"
      title="Single sign-on"
      description="Accounts at identity providers that sign you in. One is linked the first time you use it with your verified e-mail address."
    >
      {identities.length === 0 ? (
        <p className="text-muted">No single sign-on account is linked.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Linked identities">
          {identities.map((identity) => (
            <li key={identity.id}>
              <span className="font-medium">{identity.providerName}</span>{" "}
              <span className="text-[13px] text-muted">
                linked {formatDate(identity.createdAt)}
                {identity.lastUsedAt ? `, last used ${formatDate(identity.lastUsedAt)}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
