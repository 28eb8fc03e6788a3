import { randomBytes } from "node:crypto";
import JSZip from "jszip";

/** Escapes text for a PDF literal string. */
const pdfString = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);

/**
 * A PDF built by hand for tests: one page per entry of `pages` (its lines in Helvetica), then, with `padding`,
 * a stream of that many bytes no page refers to, and with `encrypted`, a Standard-security-handler dictionary
 * whose user password is not empty (readers ask for it).
 */
export function buildPdf(
  pages: readonly (readonly string[])[],
  options: { encrypted?: boolean; padding?: number } = {},
): Buffer {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add("");
  const pageTree = add("");
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const pageIds: number[] = [];
  for (const lines of pages) {
    const content = [
      "BT /F1 12 Tf 72 720 Td 14 TL",
      ...lines.map((line) => `(${pdfString(line)}) Tj T*`),
      "ET",
    ].join("\n");
    const stream = add(`<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  // Bytes no page needs, after the pages (as an attachment's would be): a stream object of `padding` bytes.
  if (options.padding)
    add(`<< /Length ${options.padding} >>\nstream\n${"x".repeat(options.padding)}\nendstream`);
  const hex = (bytes: number) => `<${randomBytes(bytes).toString("hex")}>`;
  const encrypt = options.encrypted
    ? add(`<< /Filter /Standard /V 1 /R 2 /Length 40 /P -4 /O ${hex(32)} /U ${hex(32)} >>`)
    : null;

  // The pieces are joined once at the end and each object's offset counted as it is added: measuring the
  // growing text at each object would take time in the square of the file's size (minutes for 10 MB).
  const pieces = ["%PDF-1.4\n"];
  let length = Buffer.byteLength(pieces[0] ?? "");
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = `${index + 1} 0 obj\n${body}\nendobj\n`;
    pieces.push(object);
    length += Buffer.byteLength(object);
  });
  const xref = length;
  pieces.push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) pieces.push(`${String(offset).padStart(10, "0")} 00000 n \n`);
  const id = hex(16);
  pieces.push(
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /ID [${id} ${id}]${encrypt ? ` /Encrypt ${encrypt} 0 R` : ""} >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return Buffer.from(pieces.join(""), "latin1");
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** A minimal Word document (DOCX): each entry a heading (`level` 1–3) or a paragraph. */
export async function buildDocx(
  blocks: readonly ({ heading: string; level: 1 | 2 | 3 } | { paragraph: string })[],
): Promise<Buffer> {
  const body = blocks
    .map((block) =>
      "heading" in block
        ? `<w:p><w:pPr><w:pStyle w:val="Heading${block.level}"/></w:pPr><w:r><w:t>${escapeXml(block.heading)}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t xml:space="preserve">${escapeXml(block.paragraph)}</w:t></w:r></w:p>`,
    )
    .join("");
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
</Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`,
  );
  zip.file(
    "word/_rels/document.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
</Relationships>`,
  );
  zip.file(
    "word/styles.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
${[1, 2, 3].map((level) => `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/></w:style>`).join("\n")}
</w:styles>`,
  );
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: "nodebuffer" });
}
