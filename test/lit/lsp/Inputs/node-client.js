// A second client, from VS Code's ecosystem: the npm packages
// vscode-languageserver-protocol and vscode-jsonrpc drive `cuatomlint lsp`
// from Node.  For each FILE it opens the document, checks that the
// diagnostics are the findings of the command line's JSON report
// (REPORT: check, position, message, severity), then applies every
// finding's first quick fix (identical edits once, as --fix merges them)
// and checks the text equals FIXED (what --fix wrote).
//   node node-client.js REPORT.json SERVER... -- FILE:FIXED...
'use strict';
const cp = require('child_process');
const fs = require('fs');
const path = require('path');
const rpc = require('vscode-jsonrpc/node');
const proto = require('vscode-languageserver-protocol/node');

const args = process.argv.slice(2);
const report = JSON.parse(fs.readFileSync(args[0], 'utf8'));
const sep = args.indexOf('--');
const serverCmd = args.slice(1, sep);
const pairs = args.slice(sep + 1).map((p) => p.split(':'));

function offsetAt(text, pos) {
  let line = 0, i = 0;
  while (line < pos.line && i < text.length) {
    if (text[i] === '\n') line++;
    i++;
  }
  return i + pos.character;	// JS strings index UTF-16 units, as LSP counts
}

function applyEdits(text, edits) {
  const seen = new Set();
  const unique = edits.filter((e) => {
    const key = JSON.stringify(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  unique.sort((a, b) => offsetAt(text, b.range.start) - offsetAt(text, a.range.start));
  for (const e of unique)
    text = text.slice(0, offsetAt(text, e.range.start)) + e.newText + text.slice(offsetAt(text, e.range.end));
  return text;
}

const severities = { error: 1, warning: 2, note: 3 };
const latest = new Map();	// the last diagnostics published of each uri
let failures = 0;
function check(ok, what) {
  if (!ok) {
    console.log('FAIL: ' + what);
    failures++;
  }
}

async function lintOne(conn, waiters, file, fixedPath) {
  const uri = 'file://' + path.resolve(file);
  const text = fs.readFileSync(file, 'utf8');
  const diagsP = new Promise((resolve) => waiters.set(uri, resolve));
  conn.sendNotification(proto.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'cuda', version: 1, text } });
  await diagsP;
  /*
   * A file that tests __CUDA_ARCH__ is published twice (the device parse's
   * findings first): a code action request is answered once the lint has
   * ended, after its last publish, so the latest diagnostics are the final.
   */
  await conn.sendRequest(proto.CodeActionRequest.type, {
    textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: [] } });
  const diags = latest.get(uri);
  const want = report.filter((f) => path.resolve(f.file) === path.resolve(file));
  check(diags.length === want.length, `${file}: ${diags.length} diagnostics, the report has ${want.length}`);
  want.forEach((f, i) => {
    const d = diags[i] || { range: { start: {} } };
    check(d.code === f.check && d.message === f.message &&
          d.range.start.line === f.line - 1 && d.range.start.character === f.column - 1 &&
          d.severity === severities[f.severity],
          `${file}: diagnostic ${i} ${JSON.stringify(d)} is not the report's ${JSON.stringify(f)}`);
  });
  let edits = [];
  for (const d of diags) {
    const actions = await conn.sendRequest(proto.CodeActionRequest.type, {
      textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
    const fix = actions.find((a) => a.kind === 'quickfix' && !a.title.startsWith('suppress with NOLINT'));
    if (fix) edits = edits.concat(fix.edit.changes[uri] || []);
  }
  const fixed = applyEdits(text, edits);
  check(fixed === fs.readFileSync(fixedPath, 'utf8'), `${file}: the fixed text differs from --fix's`);
  console.log(`${path.basename(file)}: ${diags.length} diagnostics as in the report` +
              `${diags.length ? ` [${diags.map((d) => d.code).join(', ')}]` : ''}; ` +
              `${edits.length} edits give --fix's text`);
}

async function main() {
  const server = cp.spawn(serverCmd[0], serverCmd.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(server.stdout),
                                           new rpc.StreamMessageWriter(server.stdin));
  const waiters = new Map();
  conn.onNotification(proto.PublishDiagnosticsNotification.type, (p) => {
    latest.set(p.uri, p.diagnostics);
    const w = waiters.get(p.uri);
    if (w) {
      waiters.delete(p.uri);
      w(p.diagnostics);
    }
  });
  conn.listen();
  const init = await conn.sendRequest(proto.InitializeRequest.type, {
    processId: process.pid, rootUri: 'file://' + process.cwd(), capabilities: {} });
  check(init.capabilities.textDocumentSync.change === proto.TextDocumentSyncKind.Full, 'full sync');
  conn.sendNotification(proto.InitializedNotification.type, {});
  for (const [file, fixed] of pairs)
    await lintOne(conn, waiters, file, fixed);
  await conn.sendRequest(proto.ShutdownRequest.type);
  const exited = new Promise((resolve) => server.on('exit', resolve));
  conn.sendNotification(proto.ExitNotification.type);
  const code = await exited;
  console.log(`server exit status ${code}`);
  conn.dispose();
  process.exit(failures || code ? 1 : 0);
}

main().catch((e) => {
  console.log('FAIL: ' + e);
  process.exit(1);
});
