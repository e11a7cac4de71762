/*
 * Findings as the Language Server Protocol (3.17) shows them: the
 * diagnostics of one file, and each finding's code actions (its fix-its as
 * quickfixes with a WorkspaceEdit, then "suppress with NOLINT(id)").  Like
 * every reporter it knows nothing of checks: a finding's check ID names
 * its page under CUATOMLINT_DOCS_URL.
 *
 * Positions are LSP's: 0-based lines and UTF-16 columns, converted from
 * the findings' byte offsets through the text of their files as
 * read_file() gives it, so an open document's unsaved text (overlay.h)
 * is the text the offsets index.  The results are cJSON trees the
 * caller owns.
 */
#ifndef CUATOMLINT_REPORT_LSP_H
#define CUATOMLINT_REPORT_LSP_H

#include <cjson/cJSON.h>

#include "cuatomlint/finding.h"
#include "cuatomlint/target.h"

/* file:// URI of an absolute path, percent-encoded (allocated). */
char *cal_lsp_uri_from_path(const char *path);
/* The path of a file:// URI (allocated), or NULL for another scheme or a bad escape. */
char *cal_lsp_path_from_uri(const char *uri);

/* The diagnostics (an array) of list's findings that lie in file. */
cJSON *cal_lsp_diagnostics(const struct cal_findings *list, const char *file,
			   const struct cal_target_set *targets);
/*
 * Append f's code actions to actions (an array).  lazy NULL: each fix's
 * action holds its edit; else it holds no edit but data, a copy of lazy
 * with "fix": the fix's index (the client asks codeAction/resolve for the
 * edit).  The NOLINT action always holds its edit.
 */
void cal_lsp_code_actions(const struct cal_finding *f, const struct cal_target_set *targets,
			  const cJSON *lazy, cJSON *actions);
/* The WorkspaceEdit of f's fix-th fix. */
cJSON *cal_lsp_fix_edit(const struct cal_finding *f, size_t fix);

#endif
