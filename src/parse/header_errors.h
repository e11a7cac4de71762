/*
 * clang's errors in headers, across the run.
 *
 * An error in a header recurs in every translation unit that includes it.
 * Each such error carries a note naming its translation unit (at the
 * #include that brought the header in); an error in a system header is
 * shown once per location per run, whatever the parses' messages, its
 * note naming the first translation unit and how many more.
 *
 * A translation unit with any clang error left is one that parsed only
 * partially, so its fixes were withheld: the run counts them from the
 * findings (cached ones included).
 */
#ifndef CUATOMLINT_HEADER_ERRORS_H
#define CUATOMLINT_HEADER_ERRORS_H

#include <clang-c/Index.h>

#include "cuatomlint/finding.h"

/* Mark and name the TU of each error of this parse (of main_file) outside main_file. */
void cal_header_errors_name_tu(CXTranslationUnit tu, const char *main_file,
			       struct cal_findings *errors);
/*
 * How many translation units the clang-diagnostic-error findings of list
 * come from; then merge the system-header errors of list to one per
 * location.
 */
size_t cal_header_errors_merge(struct cal_findings *list);

#endif
