/*
 * Suppression comments, applied once to the final findings:
 *
 *   // cuatomlint: ignore[volatile-sync,scope-mismatch]   this line or the next
 *   // cuatomlint: ignore-file[arch-unsupported]          the whole file
 *   // NOLINT(cuatomlint-volatile-sync)                   this line (clang-tidy style)
 *   // NOLINTNEXTLINE(cuatomlint-volatile-sync)           the next line
 *   // NOLINTBEGIN(volatile-sync) ... // NOLINTEND(volatile-sync)   the lines between, both included
 *
 * As in clang-tidy, a NOLINTEND closes the latest open NOLINTBEGIN with
 * the same list; an unmatched NOLINTBEGIN or NOLINTEND suppresses nothing
 * and gets a warning line on stderr (once per file holding a finding, as
 * clang-tidy looks at them only for files with diagnostics).
 *
 * In cuTile Python files (.py) the same markers go in '#' comments.
 *
 * A list holds check IDs or globs (cuatomlint-* matches every check);
 * plain NOLINT / NOLINTNEXTLINE without a list, as in clang-tidy, and
 * ignore[*] silence every check.  Markers count only inside comments.
 * A finding is judged at its reported line, which for a macro is the
 * line where the macro was used.
 */
#ifndef CUATOMLINT_SUPPRESS_H
#define CUATOMLINT_SUPPRESS_H

#include "cuatomlint/finding.h"

/* Drop suppressed findings from list; returns how many were dropped. */
size_t cal_suppress_apply(struct cal_findings *list);

/* For tests: is check suppressed at 1-based line of text? */
int cal_suppressed_in(const char *text, size_t len, unsigned line, const char *check);

#endif
