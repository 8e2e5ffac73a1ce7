import type { Executor } from "../../db/client.ts";
import * as repository from "./repository.ts";
import { sanitizeDocumentHtml } from "./sanitize.ts";

/** The demo companies' templates (issue 10 demo data): a consent to the video visit and a privacy notice. */
export const DEMO_DOCUMENT_TEMPLATES = [
  {
    name: "Consenso informato alla televisita",
    html: `<h2>Consenso informato alla televisita</h2>
<p>Il/La sottoscritto/a, in qualità di paziente (o di persona che lo assiste), dichiara di essere stato/a informato/a che:</p>
<ul>
<li>la televisita è una prestazione sanitaria svolta a distanza, in videochiamata, tra il paziente e il professionista sanitario;</li>
<li>la televisita non sostituisce la visita in presenza quando il professionista la ritenga necessaria;</li>
<li>la qualità del collegamento può limitare la valutazione clinica; in caso di interruzione il professionista ricontatterà il paziente;</li>
<li>durante la televisita non vengono effettuate registrazioni audio o video;</li>
<li>i dati personali e sanitari sono trattati nel rispetto del Regolamento (UE) 2016/679.</li>
</ul>
<p>Il/La sottoscritto/a dichiara di aver letto e compreso quanto sopra e <strong>acconsente</strong> a svolgere la prestazione in modalità di televisita.</p>
<p>Potrà revocare il consenso in qualsiasi momento, comunicandolo alla struttura.</p>`,
  },
  {
    name: "Informativa privacy",
    html: `<h2>Informativa sul trattamento dei dati personali</h2>
<p>Ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR), la struttura sanitaria, in qualità di titolare del trattamento, informa che:</p>
<h3>Finalità e base giuridica</h3>
<p>I dati personali, compresi i dati relativi alla salute, sono trattati per l'erogazione delle prestazioni sanitarie prenotate, per la gestione amministrativa e per gli obblighi di legge.</p>
<h3>Conservazione</h3>
<p>I dati sono conservati per il tempo previsto dalla normativa sanitaria vigente.</p>
<h3>Diritti dell'interessato</h3>
<p>L'interessato può chiedere l'accesso, la rettifica, la cancellazione o la limitazione del trattamento, e proporre reclamo al Garante per la protezione dei dati personali.</p>
<p>Firmando, il/la sottoscritto/a dichiara di aver <strong>preso visione</strong> della presente informativa.</p>`,
  },
] as const;

/** Adds the demo templates to each company that lacks them (idempotent by name). */
export async function seedDocumentTemplates(db: Executor, companyIds: number[]): Promise<void> {
  for (const companyId of companyIds) {
    for (const template of DEMO_DOCUMENT_TEMPLATES) {
      if (await repository.templateByName(db, companyId, template.name)) continue;
      await repository.insertTemplate(db, {
        companyId,
        name: template.name,
        htmlContent: await sanitizeDocumentHtml(template.html),
      });
    }
  }
}
