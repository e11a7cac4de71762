/*
 * --export-fixes: the fixes of a run as the YAML file clang-tidy writes
 * and clang-apply-replacements reads (a clang::tooling::
 * TranslationUnitDiagnostics document: MainSourceFile, Diagnostics, each
 * with DiagnosticName, DiagnosticMessage {Message, FilePath, FileOffset,
 * Replacements [{FilePath, Offset, Length, ReplacementText}]}, Level).
 *
 * Only fixes the rewriter's plan took are written, so the document holds
 * no conflicting replacements, and replacement text carries the file's
 * line endings exactly as --fix would write them.  Every string is a
 * double-quoted YAML scalar with C-style escapes, so quotes, backslashes,
 * newlines and "\r" survive any YAML reader; paths are absolute.
 */
#ifndef CUATOMLINT_FIXITS_EXPORT_YAML_H
#define CUATOMLINT_FIXITS_EXPORT_YAML_H

#include "cuatomlint/strbuf.h"
#include "rewrite/rewriter.h"

/* Append s as a double-quoted YAML scalar. */
void cal_yaml_quote(struct strbuf *out, const char *s);
/* The document for rw's taken fixes; main_file names the first input. */
void cal_export_yaml(struct strbuf *out, const struct cal_rewriter *rw,
		     const char *main_file);
/* Write it to path; returns 0, or -1 after a message on rw->log. */
int cal_export_yaml_file(const char *path, const struct cal_rewriter *rw,
			 const char *main_file);

#endif
