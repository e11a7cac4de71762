/*
 * Shared knowledge of the __nv_atomic_* builtins for the nv-atomic-* checks.
 *
 * A call names "the builtin" only when its callee is the declaration the
 * tool's prelude injected: a project that declares its own function of the
 * same name calls that function, and these checks leave it alone.
 *
 * cal_nv_builtins[] lists every builtin nvcc 13 knows (the prelude in
 * src/parse/cuda_env_text.c declares the same set): what it does, whether it is
 * the generic form (operands through pointers, any object of 1..16 bytes)
 * or the by-value form (_n, fetch_op, op), and where its memory order(s)
 * and scope sit in the argument list.  Argument indices are 0-based; the
 * scope is always the last argument and has a default.
 */
#ifndef CUATOMLINT_CHECKS_NV_ATOMIC_H
#define CUATOMLINT_CHECKS_NV_ATOMIC_H

#include <clang-c/Index.h>

#include "parse/check.h"

enum cal_nv_op {
	CAL_NV_LOAD,
	CAL_NV_STORE,
	CAL_NV_EXCHANGE,
	CAL_NV_CAS,
	CAL_NV_ADD,
	CAL_NV_SUB,
	CAL_NV_AND,
	CAL_NV_OR,
	CAL_NV_XOR,
	CAL_NV_MIN,
	CAL_NV_MAX,
};

/* The memory orders and scopes, as the __NV_ATOMIC_* / __NV_THREAD_SCOPE_* enums number them. */
enum cal_nv_order {
	CAL_NV_RELAXED, CAL_NV_CONSUME, CAL_NV_ACQUIRE,
	CAL_NV_RELEASE, CAL_NV_ACQ_REL, CAL_NV_SEQ_CST,
	CAL_NV_NR_ORDERS
};
enum cal_nv_scope {
	CAL_NV_SCOPE_THREAD, CAL_NV_SCOPE_BLOCK, CAL_NV_SCOPE_CLUSTER,
	CAL_NV_SCOPE_DEVICE, CAL_NV_SCOPE_SYSTEM,
	CAL_NV_NR_SCOPES
};

struct cal_nv_builtin {
	const char *name;
	enum cal_nv_op op;
	int generic;		/* operands through pointers: __nv_atomic_load, _store, ... */
	int returns_old;	/* fetch_op, exchange_n: yields the previous value */
	int nr_args;		/* with the defaulted scope */
	int order_arg;		/* the (success) memory order */
	int failure_order_arg;	/* CAS only; -1 otherwise */
	int scope_arg;
};

extern const struct cal_nv_builtin cal_nv_builtins[];
extern const int cal_nr_nv_builtins;

/* The table row of a builtin's name, or NULL. */
const struct cal_nv_builtin *cal_nv_builtin_find(const char *name);
/* Read-modify-write arithmetic or logic (add .. max)? */
int cal_nv_op_is_rmw(enum cal_nv_op op);
/* Is order valid for op (load: not release/acq_rel; store: not consume/acquire/acq_rel)? */
int cal_nv_order_valid_for(enum cal_nv_op op, long long order);
/* "__NV_ATOMIC_ACQUIRE" for 2, NULL out of range. */
const char *cal_nv_order_name(long long order);
const char *cal_nv_scope_name(long long scope);

/* Is decl (a function or function template) one of the prelude's builtins? */
int cal_is_nv_atomic_builtin(const struct cal_walk *w, CXCursor decl);
/* If call is a CallExpr to a builtin, its callee; else a null cursor. */
CXCursor cal_nv_atomic_callee(const struct cal_walk *w, CXCursor call);

#endif
