import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { openEditor } from "./support/editorPage";
import { createBot, expect, test } from "./support/fixtures";

const paragraph = (text: string) => [{ type: "p", children: [{ text }] }];

/** A greeting and a question: a block of each family the catalogue shows first. */
const helloBot = {
  name: "Bonjour",
  events: [{ id: "start", type: "start", outgoingEdgeId: "e-start", graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: "g-1",
      title: "Start",
      graphCoordinates: { x: 0, y: 200 },
      blocks: [
        { id: "b-hello", type: "text", content: { richText: paragraph("Hello!") } },
        { id: "b-email", type: "email input", options: { variableId: "v-email" } },
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-1" } }],
  variables: [{ id: "v-email", name: "Email" }],
};

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

test("an author switches the builder to French: every extracted page speaks French, after a reload and in another browser", async ({
  page,
  browser,
  baseURL,
  user,
}) => {
  // Every extracted surface is visited and checked with axe, twice over for the reload and the other browser.
  test.setTimeout(240_000);
  const bot = await createBot(page.request, user.workspaceId, helloBot);

  await page.goto("/account");
  await expect(heading(page, "Account")).toBeVisible();
  await page.getByLabel("Language", { exact: true }).selectOption("fr");
  await expect(heading(page, "Compte")).toBeVisible();
  await page.reload();
  await expect(heading(page, "Compte")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
  await expect(page.getByLabel("Langue", { exact: true })).toHaveValue("fr");
  await expect(heading(page, "Jetons d’API")).toBeVisible();
  await expect(page).toHaveTitle("Compte · Parley");
  await expectNoAxeViolations(page, "the account page in French");
  await page.getByRole("link", { name: "Gérer la connexion à deux facteurs et les sessions" }).click();
  await expect(heading(page, "Connexion à deux facteurs")).toBeVisible();
  await expect(page.getByRole("table", { name: "Sessions" }).getByText("Ce navigateur")).toBeVisible();
  await expect(page.getByRole("button", { name: "Configurer la connexion à deux facteurs" })).toBeVisible();
  await expect(page.getByText("Aucun compte d’authentification unique n’est lié.")).toBeVisible();
  await expectNoAxeViolations(page, "account security in French");

  // The dashboard, its top bar and the bot card.
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: "Créer un bot" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Nouveau dossier" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Bots" }).getByText("Brouillon")).toBeVisible();
  await expect(page.getByRole("link", { name: "Boîte de réception" })).toBeVisible();
  await expect(page).toHaveTitle("Tableau de bord · Parley");
  await expectNoAxeViolations(page, "the dashboard in French");
  await page.getByRole("button", { name: "Créer un bot" }).first().click();
  const create = page.getByRole("dialog", { name: "Créer un bot" });
  await expect(create.getByRole("button", { name: "Partir de zéro" })).toBeVisible();
  await expect(create.getByRole("button", { name: "Génération de prospects" })).toBeVisible();
  await create.getByRole("button", { name: "Fermer" }).click();

  // The editor: the block catalogue, the canvas rows and a block's settings panel.
  await openEditor(page, bot.id);
  const catalogue = page.getByRole("complementary", { name: "Blocs" });
  await expect(catalogue.getByRole("heading", { name: "Bulles" })).toBeVisible();
  await expect(catalogue.getByRole("heading", { name: "Saisies" })).toBeVisible();
  await catalogue.getByPlaceholder("Rechercher des blocs").fill("courriel");
  await expect(catalogue.getByText("Aucun bloc ne correspond à « courriel ».")).toBeVisible();
  await catalogue.getByPlaceholder("Rechercher des blocs").fill("e-mail");
  await expect(catalogue.locator("[data-block-type='email input']")).toHaveText("E-mail");
  // The block's summary, which its definition writes, in French too.
  await expect(page.locator("[data-testid=block][data-block-id=b-email]")).toContainText(
    "Tapez votre e-mail...",
  );
  await page.locator("[data-testid=block][data-block-id=b-email]").click();
  const settings = page.getByRole("complementary", { name: "Paramètres du bloc E-mail" });
  await expect(settings.getByText("Enregistrer la réponse dans")).toBeVisible();
  await expect(settings.getByRole("button", { name: "Dupliquer le bloc" })).toBeVisible();
  await expect(settings.getByLabel("Note")).toHaveAttribute(
    "placeholder",
    "Affichée sous le bloc sur le canevas",
  );

  // Share, results, settings and theme.
  await page.goto(`/bots/${bot.id}/share`);
  await expect(heading(page, "Publier")).toBeVisible();
  await expect(heading(page, "Intégrer sur un site web")).toBeVisible();
  await expect(page.getByText("Non publié : personne ne peut encore discuter avec lui.")).toBeVisible();
  await expectNoAxeViolations(page, "the share page in French");
  await page.getByRole("button", { name: "Partager le bot" }).click();
  const sharing = page.getByRole("dialog", { name: "Partager « Bonjour »" });
  await expect(
    sharing.getByText("Ce bot n’est encore partagé avec personne en dehors de son espace de travail."),
  ).toBeVisible();
  await expectNoAxeViolations(page, "the bot sharing dialog in French");
  await sharing.getByRole("button", { name: "Fermer" }).click();

  await page.goto(`/bots/${bot.id}/results`);
  await expect(heading(page, "Résultats")).toBeVisible();
  await expect(page.getByText("Taux d’achèvement").first()).toBeVisible();
  await expect(page.getByText("Aucun résultat sur cette période")).toBeVisible();
  await expectNoAxeViolations(page, "the results page in French");

  await page.goto(`/bots/${bot.id}/settings`);
  await expect(heading(page, "Simulation de frappe")).toBeVisible();
  await expect(page.getByText("Page de partage publique")).toBeVisible();
  await expectNoAxeViolations(page, "the settings page in French");

  await page.goto(`/bots/${bot.id}/translations`);
  await expect(heading(page, "Langues")).toBeVisible();
  await expect(page.getByLabel("Ajouter une langue")).toBeVisible();
  await expectNoAxeViolations(page, "the translations page in French");

  await page.goto(`/bots/${bot.id}/theme`);
  await expect(heading(page, "Thème")).toBeVisible();
  await expect(page.getByRole("button", { name: "Réinitialiser" })).toBeVisible();
  await expect(heading(page, "Aperçu en direct")).toBeVisible();
  await expectNoAxeViolations(page, "the theme page in French");

  // The workspace's settings (members, invitations) and its inbox.
  await page.goto("/workspace/settings");
  await expect(heading(page, "Paramètres de l’espace de travail")).toBeVisible();
  await expect(heading(page, "Membres")).toBeVisible();
  await expect(page.getByRole("button", { name: "Inviter" })).toBeVisible();
  await expect(heading(page, "Liens d’invitation")).toBeVisible();
  await expectNoAxeViolations(page, "the workspace settings in French");

  await page.goto(`/workspaces/${user.workspaceId}/credentials`);
  await expect(page.getByText("Aucun identifiant pour l’instant.")).toBeVisible();
  await page.getByRole("button", { name: "Ajouter des identifiants" }).click();
  const newCredentials = page.getByRole("dialog", { name: "Nouveaux identifiants" });
  await expect(newCredentials.getByRole("button", { name: "Enregistrer les identifiants" })).toBeVisible();
  // The kind's own labels and hints (its definition's) in French.
  await expect(newCredentials.getByLabel("Clé d’API", { exact: true })).toBeVisible();
  await expect(
    newCredentials.getByText("La clé d’API OpenAI ; elle ne peut plus être relue une fois enregistrée."),
  ).toBeVisible();
  await expectNoAxeViolations(page, "the credentials page in French");
  await newCredentials.getByRole("button", { name: "Annuler" }).click();

  await page.goto(`/workspaces/${user.workspaceId}/knowledge`);
  await expect(heading(page, "Connaissances")).toBeVisible();
  await expect(page.getByText("Aucune base de connaissances pour l’instant")).toBeVisible();
  await expect(page).toHaveTitle("Connaissances · Parley");
  await expectNoAxeViolations(page, "the knowledge bases in French");

  await page.goto(`/workspaces/${user.workspaceId}/inbox`);
  await expect(heading(page, "Boîte de réception")).toBeVisible();
  await expect(page.getByText("Personne n’attend.")).toBeVisible();
  await expectNoAxeViolations(page, "the inbox in French");

  // The choice is the account's: an English browser signed in as the same person still reads French.
  const english = await browser.newContext({ locale: "en-US", baseURL });
  await english.addCookies(await page.context().cookies());
  const englishPage = await english.newPage();
  await englishPage.goto("/dashboard");
  await expect(englishPage.getByRole("button", { name: "Créer un bot" }).first()).toBeVisible();
  expect(await englishPage.evaluate(() => document.documentElement.lang)).toBe("fr");
  await english.close();
});

test("signed out, the sign-in and sign-up pages follow the browser's language", async ({
  browser,
  baseURL,
}) => {
  const french = await browser.newContext({ locale: "fr-FR", baseURL });
  const page = await french.newPage();
  await page.goto("/sign-in");
  await expect(heading(page, "Connexion")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
  await expect(page).toHaveTitle("Connexion · Parley");
  await expect(page.getByLabel("Mot de passe")).toBeVisible();
  await expect(page.getByRole("link", { name: "Mot de passe oublié ?" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  await expectNoAxeViolations(page, "the sign-in page in French");
  await page.getByRole("link", { name: "Créer un compte" }).click();
  await expect(heading(page, "Créer votre compte")).toBeVisible();
  await expect(page.getByText("Au moins 8 caractères")).toBeVisible();
  await expectNoAxeViolations(page, "the sign-up page in French");
  await french.close();
});
