// Reads a stored PDF file source's pages as its indexing does (readKnowledgeFile over storedKnowledgeFile), in
// a process of its own, then prints one JSON line: the pages with text and the process's peak resident memory
// (VmHWM). Started by readKnowledgeFile.memory.test.ts with the test worker's DATABASE_URL.
import { readFileSync } from "node:fs";
import { getPrisma } from "@parley/db";
import { storedKnowledgeFile } from "../knowledge/indexKnowledgeSource";
import { readKnowledgeFile } from "../knowledge/readKnowledgeFile";

const sourceId = process.argv[2] ?? "";
const read = await readKnowledgeFile("application/pdf", storedKnowledgeFile(getPrisma(), sourceId));
if (!read.ok) throw new Error(read.error);
let pages = 0;
if (typeof read.text === "string") pages = 1;
else for await (const _page of read.text) pages++;
const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);
console.log(JSON.stringify({ pages, peakRssBytes: peakKb * 1024 }));
await getPrisma().$disconnect();
