/*
 * What the parts of relaxed-sync share.  During the walk, each language's
 * half (cuda.c, opencl.c) turns the atomic calls and fences it recognizes
 * into events; collect.c adds the plain accesses of memory other threads
 * can see; match.c pairs them in end(): a lock taken and freed, a flag
 * polled and published, with the plain data they guard, and reports and
 * fixes those whose ordering is relaxed.  Offsets order the events of one
 * function (expansion offsets in its file).
 */
#ifndef CUATOMLINT_CHECKS_RELAXED_SYNC_H
#define CUATOMLINT_CHECKS_RELAXED_SYNC_H

#include <clang-c/Index.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "atomics/atomics.h"

enum rs_kind {
	RS_TAKE,	/* a CAS or exchange that takes a lock: in a spin loop, or an if's condition */
	RS_POLL,	/* an atomic read (a load, or an RMW adding 0) a spin loop waits on */
	RS_WRITE,	/* any other atomic that writes: a release or a publish */
	RS_FENCE,
	RS_DATA,	/* a plain (non-atomic) access of memory other threads see */
	RS_CALL,	/* a call of a device function of the user's passing pointers */
};

#define RS_MAX_ARGS 4

struct rs_event {
	enum rs_kind kind;
	CXCursor function;
	CXCursor cursor;	/* the call, or the plain lvalue */
	unsigned begin, end;	/* offsets of cursor's extent */
	unsigned after;		/* TAKE/POLL: where the code it guards starts */
	unsigned limit;		/* TAKE in an if: the if's end (the lock is freed inside) */
	char *key;		/* the object, as normalized text */
	char *base;		/* the variable the object is rooted in (for "is it written?") */
	char *name;		/* the operation as written ("atomicCAS", "load") */
	CXCursor loop;		/* TAKE/POLL in a spin loop: the loop */
	CXCursor then;		/* TAKE in an if: the statement it guards */
	CXCursor order_ref;	/* the order argument; null where there is none (legacy) */
	enum cal_api api;	/* HIP_BUILTIN, SCOPED, GNU: order_ref is an __ATOMIC_* macro's use */
	CXCursor stmt;		/* RS_WRITE, RS_DATA: the statement of a { } block holding it, or null */
	enum cal_order order;
	enum cal_scope scope;	/* a legacy atomic's (its suffix) */
	int legacy;		/* no memory order: a fence gives its ordering */
	int const_desired;	/* CAS / exchange: writes a constant (a lock's "taken" value) */
	int opencl;
	int fix_allowed;
	/* RS_POLL through inline PTX 'ld.relaxed' */
	int is_asm;		/* in the loop: the fix renames .relaxed at asm_sem */
	CXSourceLocation asm_sem;
	const char *no_fix_why;	/* no fix, and why (a helper's load, no "memory" clobber) */
	/* RS_CALL */
	CXCursor callee;	/* the definition, canonical */
	char *arg_keys[RS_MAX_ARGS];	/* the object each pointer argument points to, or null */
	/* RS_FENCE */
	int acquires, releases;
	/* RS_DATA */
	int is_read, is_write, is_volatile;
	CXCursor assign;	/* a write by '=': the assignment */
};

struct rs_state {
	CXTranslationUnit tu;
	int no_fixes;		/* partial parse */
	int opencl;
	int no_order_fix;	/* a target lacks cuda::atomic_ref: arch-unsupported rewrites those calls */
	struct rs_event *ev;
	size_t nr_ev, alloc_ev;
	struct cal_cursor_set no_helper;	/* callee definitions that are no relaxed load helper */
};

/* A new event of kind at c in the walk's current function (zeroed but for these). */
struct rs_event *cal_rs_add(struct rs_state *st, struct cal_walk *w, enum rs_kind kind,
			    CXCursor c);
/* The object an address expression ('&x', 'p', '(int *)&a[i]') points to, as a key. */
char *cal_rs_address_key(CXTranslationUnit tu, CXCursor addr, char **base);
/* The object of an lvalue, as a key. */
char *cal_rs_lvalue_key(CXTranslationUnit tu, CXCursor lvalue, char **base);
/*
 * Where a call that waits stands: the spin loop waiting on it (*after: its
 * end), or the if whose condition holds it (*after: the call's end,
 * *limit: the if's end, *then its guarded statement).  0 if neither.
 * if_too (a CAS or exchange writing a constant, as a lock's taking does):
 * also a while/do condition whose operands the body changes (a reset
 * 'expected'), and an if's condition.
 */
int cal_rs_wait_site(struct cal_walk *w, struct rs_state *st, CXCursor call, struct rs_event *e,
		     int if_too);
/*
 * An asm statement (the current cursor) whose output, local copy, a spin
 * loop around it tests (cal_output_polled): e's loop and after; 0 if none.
 */
int cal_rs_copy_wait_site(struct cal_walk *w, struct rs_state *st, CXCursor stmt, CXCursor copy,
			  struct rs_event *e);
/* Inline PTX 'ld.relaxed' polls (cuda.c): in the loop, or in a helper called in its condition. */
void cal_rs_asm_poll(struct rs_state *st, struct cal_walk *w, CXCursor stmt);
int cal_rs_helper_poll(struct rs_state *st, struct cal_walk *w, CXCursor call);
/* A call of a device function of the user's that passes pointers: an RS_CALL (lock helpers). */
void cal_rs_call(struct rs_state *st, struct cal_walk *w, CXCursor call);
/* Is argument i of call an integer constant (its value in *value, if given)? */
int cal_rs_constant_arg(CXCursor call, int i, long long *value);
/* Is the expression arg (null: none) an integer constant? */
int cal_rs_constant(CXCursor arg, long long *value);
/* The memory order an argument names, and its reference (for the fix). */
enum cal_order cal_rs_order_arg(CXCursor call, int i, enum cal_order def, CXCursor *ref);
/* A fence call (cal_fence_op_find): its event. */
void cal_rs_fence(struct rs_state *st, struct cal_walk *w, CXCursor call,
		  const struct cal_fence_op *f);
/*
 * An atomic call as an event: its role from op and where it stands.  proto
 * holds key, base, name (taken over: freed here where no event keeps them),
 * order, order_ref, api, scope, legacy and const_desired; value is the value
 * argument (an add of 0 reads), null if none.
 */
void cal_rs_atomic(struct rs_state *st, struct cal_walk *w, CXCursor call, enum cal_op op,
		   const struct rs_event *proto, CXCursor value);
/* The statement of a { } block that holds the current cursor, or null. */
CXCursor cal_rs_statement(struct cal_walk *w, CXCursor c);
/* Plain accesses (collect.c): the visit of an lvalue kind. */
void cal_rs_data(struct rs_state *st, struct cal_walk *w, CXCursor c);
/* Is expression c (an ancestor of the current cursor) an atomic operation's call or object? */
int cal_rs_is_atomic_expr(struct cal_walk *w, struct rs_state *st, CXCursor c);
/* Decide, report and fix (match.c). */
void cal_rs_match(struct cal_walk *w, struct rs_state *st);
void cal_rs_free(struct rs_state *st);

#endif
