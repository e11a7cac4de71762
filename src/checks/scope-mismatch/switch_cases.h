/*
 * scope-mismatch: which code of a 'switch' one run can execute, for the
 * rule "code one instantiation cannot run" (cuda.c).
 *
 * A run of a switch enters its body at one label and goes on, statement
 * by statement, until a break, return or continue.  Only the statements
 * written directly in the body ({ } of the switch) are placed: a position
 * is the index of the body's statement that holds the code and the index
 * of the label group (consecutive 'case X: case Y:' of one statement) it
 * runs under.  A body with a label anywhere else (Duff's device, a case
 * inside an 'if') is not judged: every function answers "cannot tell".
 * Everything here reads the AST only.
 */
#ifndef CUATOMLINT_CHECKS_SCOPE_MISMATCH_SWITCH_CASES_H
#define CUATOMLINT_CHECKS_SCOPE_MISMATCH_SWITCH_CASES_H

#include <clang-c/Index.h>

struct cal_sm_case {
	int stmt;	/* index of the body's statement holding the code */
	int label;	/* index of the statement carrying its labels; -1: before any */
};

/* The switch's condition, or a null cursor. */
CXCursor cal_sm_switch_cond(CXCursor sw);
/*
 * Where code lies in switch sw: body is sw's child on the path to the
 * code, top the body's child on it.  0 if the code is not in a statement
 * written directly in a { } body of sw (the condition, a one-statement
 * body, a body with nested labels).
 */
int cal_sm_switch_position(CXCursor sw, CXCursor body, CXCursor top, struct cal_sm_case *pos);
/* Can no run of sw (entering at any one label) execute both a and b? */
int cal_sm_switch_exclusive(CXCursor sw, const struct cal_sm_case *a, const struct cal_sm_case *b);
/* With condition value v: 1 if a run executes pos, 0 if none does, -1 cannot tell. */
int cal_sm_switch_runs(CXCursor sw, long long v, const struct cal_sm_case *pos);

#endif
