/*
 * Where does an address point?  Just enough data-flow for
 * atomic-local-memory: does an expression denote thread-local memory (an
 * automatic variable or array of a device function that is neither
 * __shared__ nor static)?
 *
 * The answer is "local" only when it is certain: &x, &arr[i], arr + i, a
 * local array decaying to a pointer, or a local pointer variable every one
 * of whose assignments (and its initialiser) is itself such an address and
 * whose address never escapes (&p, binding to a non-const reference).
 * Parameters, globals, __shared__ and static variables, loads from memory
 * and call results are of unknown origin: never local.
 */
#ifndef CUATOMLINT_CHECKS_LOCAL_ORIGIN_H
#define CUATOMLINT_CHECKS_LOCAL_ORIGIN_H

#include <clang-c/Index.h>

struct cal_local_origin {
	CXCursor object;	/* the thread-local variable reached first */
	CXCursor pointer;	/* the local pointer variable it went through, or null */
};

/* Is the pointer expression e the address of thread-local memory? */
int cal_addr_is_local(CXCursor e, struct cal_local_origin *out);
/* Does the lvalue expression e name thread-local memory? */
int cal_lvalue_is_local(CXCursor e, struct cal_local_origin *out);
/* Is var an automatic, non-__shared__, non-static variable of a function? */
int cal_var_is_thread_local(CXCursor var);

#endif
