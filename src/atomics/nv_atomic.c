#include "atomics/nv_atomic.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"

#define RMW(op, OP) \
	{ "__nv_atomic_fetch_" #op, CAL_NV_##OP, 0, 1, 4, 2, -1, 3 }, \
	{ "__nv_atomic_" #op, CAL_NV_##OP, 0, 0, 4, 2, -1, 3 }

const struct cal_nv_builtin cal_nv_builtins[] = {
	/* name, op, generic, returns_old, nr_args, order, failure, scope */
	{ "__nv_atomic_load_n", CAL_NV_LOAD, 0, 1, 3, 1, -1, 2 },
	{ "__nv_atomic_load", CAL_NV_LOAD, 1, 0, 4, 2, -1, 3 },
	{ "__nv_atomic_store_n", CAL_NV_STORE, 0, 0, 4, 2, -1, 3 },
	{ "__nv_atomic_store", CAL_NV_STORE, 1, 0, 4, 2, -1, 3 },
	{ "__nv_atomic_exchange_n", CAL_NV_EXCHANGE, 0, 1, 4, 2, -1, 3 },
	{ "__nv_atomic_exchange", CAL_NV_EXCHANGE, 1, 0, 5, 3, -1, 4 },
	{ "__nv_atomic_compare_exchange_n", CAL_NV_CAS, 0, 0, 7, 4, 5, 6 },
	{ "__nv_atomic_compare_exchange", CAL_NV_CAS, 1, 0, 7, 4, 5, 6 },
	RMW(add, ADD), RMW(sub, SUB), RMW(and, AND), RMW(or, OR),
	RMW(xor, XOR), RMW(min, MIN), RMW(max, MAX),
};
#undef RMW

const int cal_nr_nv_builtins = sizeof(cal_nv_builtins) / sizeof(cal_nv_builtins[0]);

static const char *const order_names[CAL_NV_NR_ORDERS] = {
	"__NV_ATOMIC_RELAXED", "__NV_ATOMIC_CONSUME", "__NV_ATOMIC_ACQUIRE",
	"__NV_ATOMIC_RELEASE", "__NV_ATOMIC_ACQ_REL", "__NV_ATOMIC_SEQ_CST",
};
static const char *const scope_names[CAL_NV_NR_SCOPES] = {
	"__NV_THREAD_SCOPE_THREAD", "__NV_THREAD_SCOPE_BLOCK", "__NV_THREAD_SCOPE_CLUSTER",
	"__NV_THREAD_SCOPE_DEVICE", "__NV_THREAD_SCOPE_SYSTEM",
};

const struct cal_nv_builtin *cal_nv_builtin_find(const char *name)
{
	int i;

	for (i = 0; i < cal_nr_nv_builtins; i++)
		if (!strcmp(cal_nv_builtins[i].name, name))
			return &cal_nv_builtins[i];
	return NULL;
}

int cal_nv_op_is_rmw(enum cal_nv_op op)
{
	return op >= CAL_NV_ADD;
}

int cal_nv_order_valid_for(enum cal_nv_op op, long long order)
{
	if (order < 0 || order >= CAL_NV_NR_ORDERS)
		return 0;
	if (op == CAL_NV_LOAD)
		return order != CAL_NV_RELEASE && order != CAL_NV_ACQ_REL;
	if (op == CAL_NV_STORE)
		return order == CAL_NV_RELAXED || order == CAL_NV_RELEASE ||
		       order == CAL_NV_SEQ_CST;
	return 1;
}

const char *cal_nv_order_name(long long order)
{
	return order >= 0 && order < CAL_NV_NR_ORDERS ? order_names[order] : NULL;
}

const char *cal_nv_scope_name(long long scope)
{
	return scope >= 0 && scope < CAL_NV_NR_SCOPES ? scope_names[scope] : NULL;
}

int cal_is_nv_atomic_builtin(const struct cal_walk *w, CXCursor decl)
{
	return cal_cursor_name_starts(decl, "__nv_atomic_") && cal_walk_decl_in_prelude(w, decl);
}

CXCursor cal_nv_atomic_callee(const struct cal_walk *w, CXCursor call)
{
	CXCursor callee;

	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return clang_getNullCursor();
	callee = cal_call_callee(call);
	if (clang_Cursor_isNull(callee)) {
		/* "(__nv_atomic_load_n)(p, o)": libclang names no callee for the call */
		CXCursor e = cal_ignore_wrappers(cal_child(call, 0));
		if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
			return clang_getNullCursor();
		callee = clang_getCursorReferenced(e);
		if (!cal_is_function_kind(clang_getCursorKind(callee)))
			return clang_getNullCursor();
	}
	/* a specialization's location is its template's: in the prelude */
	if (!cal_is_nv_atomic_builtin(w, callee))
		return clang_getNullCursor();
	return callee;
}
