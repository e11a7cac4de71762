/*
 * Why a finding carries no fix, said one way by every check.  A finding
 * without a fix-it must not leave the user guessing: where a check builds
 * none, it says why in a note, "no automatic fix: WHY".
 *
 * The commonest reason is a template: in an instantiation whose written
 * code depends on a template type parameter
 * (cal_walk_in_dependent_instantiation), an edit of that shared text would
 * change every other instantiation too, so no check edits it.  Such a
 * finding gets one note at the function, naming the instantiation:
 * "in instantiation 'wait_flag<int>'; no automatic fix: the template's
 * other instantiations share this loop".  Findings reported after the walk
 * pass the function cursor they kept.
 */
#ifndef CUATOMLINT_FIXITS_NO_FIX_H
#define CUATOMLINT_FIXITS_NO_FIX_H

#include <clang-c/Index.h>

#include "cuatomlint/finding.h"
#include "parse/check.h"

/* The reason, after "no automatic fix: ", for the code of a template instantiation. */
#define CAL_NO_FIX_TEMPLATE "the template's other instantiations share"

/* A note at c: "no automatic fix: " and the formatted reason. */
void cal_note_no_fix(struct cal_walk *w, struct cal_finding *f, CXCursor c, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * The note of a finding in an instantiation of fn that gets no fix for
 * that reason: "in instantiation 'NAME'; no automatic fix: the template's
 * other instantiations share WHAT" (what: "this call", "this loop", "these
 * steps"...; NULL: "this code"), then "; ALSO" where also is given (what
 * the user can do instead).
 */
void cal_note_no_fix_in_template(struct cal_walk *w, struct cal_finding *f, CXCursor fn,
				 const char *what, const char *also);

#endif
