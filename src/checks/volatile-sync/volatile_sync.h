/*
 * What the parts of volatile-sync share: the accesses, locks and polls
 * collected during the walk (collect.c), matched and decided in end()
 * (match.c), and fixed (fix.c); cuda.c holds the descriptor and reports,
 * opencl.c says OpenCL C's findings.
 */
#ifndef CUATOMLINT_CHECKS_VOLATILE_SYNC_H
#define CUATOMLINT_CHECKS_VOLATILE_SYNC_H

#include <clang-c/Index.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "atomics/atomics.h"
#include "fixits/edit.h"
#include "cuatomlint/finding.h"

#define ATOMIC_HEADER "cuda/atomic"
enum access_kind { ACC_POLL, ACC_STORE };

/* What a poll and a store must share to be the same flag. */
struct obj_key {
	CXCursor decl;	/* canonical declaration, or null */
	char *name;	/* pointer held in a local or parameter: matched by name */
};

struct access {
	enum access_kind kind;
	CXCursor lvalue;	/* the volatile lvalue read or written */
	CXCursor assign;	/* ACC_STORE: the assignment */
	CXCursor function;
	struct obj_key key;
	CXCursor root;		/* declaration whose type carries the volatile, or null */
	CXCursor root_ref;	/* the reference to root inside lvalue */
	int fix_allowed;	/* no type-dependent instantiation, or one whose edit is the same in all */
	int in_instantiation;
	int dependent;		/* in an instantiation over a type (the edit still fits every one) */
	int host;		/* ACC_POLL in host code: only makes stores polled */
	int via_accessor;	/* ACC_POLL through an accessor call: only makes stores polled */
	int system_scope;	/* the fix keeps system scope (the CPU may be the other side) */
	const char *system_why;	/* why, where the host's code in this TU does not show it */
	CXCursor copy;		/* ACC_POLL: the local the value is copied into, or null */
	int fence_after;	/* ACC_POLL: vol_fence_rank() of the fence the polling thread runs next */
	int fence_before;	/* ACC_STORE: vol_fence_rank() of the fence right before it */
	int pre_read;		/* ACC_POLL: a copy made before the loop that polls copy */
	int statement;		/* ACC_STORE: a statement of a { } block */
	int value_unused;	/* ACC_STORE: the assignment's value is not used */
	int rmw;		/* ACC_STORE: '++', '--' or 'op=' (OpenCL C): no fix */
	/* decided in end() */
	int flagged, can_fix;
	const CXCursor *polled_at;	/* ACC_STORE: where the object is polled */
	int lock;			/* ACC_STORE: polled by a CAS/exchange loop */
	const char *lock_scope;		/* lock release: the scope of the lock */
	const CXCursor *stored_via;	/* ACC_STORE through a parameter: the call passing the flag */
	const char *no_fix_why;		/* lock release: why the acquiring side has no fix */
	const CXCursor *no_fix_at;
};

/* A loop that acquires a lock with atomicCAS/atomicExch. */
struct lock_site {
	struct obj_key key;
	CXCursor call;
	CXCursor loop;		/* the loop spinning on the call */
	CXCursor block;		/* the { } block holding the loop as a statement, or null */
	int fix_allowed;
};

struct use {
	CXCursor decl;	/* canonical */
	CXCursor ref;
};

/*
 * A spin-wait whose condition calls an accessor that reads through
 * volatile, or a small helper that loads with inline PTX 'ld.volatile'.
 */
struct poll_call {
	CXCursor call;		/* in the loop condition: reported */
	CXCursor read;		/* the volatile read inside the accessor (the asm's operand) */
	CXCursor accessor;	/* its definition */
	CXCursor asm_stmt;	/* the 'ld.volatile' (or weak 'ld.global.cg') asm statement, or null */
	char ld_name[32];	/* asm_stmt's load: "ld.volatile", "ld.global.cg" (cal_vs_weak_load) */
	int direct;		/* asm_stmt itself is in the loop (call is asm_stmt, accessor its function) */
	size_t poll;		/* its access (record_accessor_poll), an index of acc */
	int fence_after;	/* vol_fence_rank() of the fence after the loop */
};

struct sync_state {
	CXTranslationUnit tu;
	int legacy;		/* a target of the build lacks cuda::atomic_ref */
	int hip;		/* a HIP parse: the fixes are __hip_atomic_load/_store */
	const char *scope;
	int no_fixes;		/* partial parse */
	struct access *acc;
	size_t nr_acc, alloc_acc;
	struct lock_site *locks;
	size_t nr_locks, alloc_locks;
	struct use *uses;
	size_t nr_uses, alloc_uses;
	CXCursor *mmio;
	size_t nr_mmio, alloc_mmio;
	struct poll_call *calls;
	size_t nr_calls, alloc_calls;
	struct cal_cursor_set no_accessor;	/* callee definitions that are no poll accessor */
	CXCursor *protos;	/* function declarations that are not definitions */
	size_t nr_protos, alloc_protos;
	CXCursor *launches;	/* kernel launches (host or device): their arguments' types */
	size_t nr_launches, alloc_launches;
	CXCursor *arg_calls;	/* calls passing arguments to volatile pointer parameters */
	CXCursor *arg_callees;	/* their callees, canonical (looked up once: cal_vs_poll_through_call) */
	size_t nr_arg_calls, alloc_arg_calls, alloc_arg_callees;
	/* device code's other writes (atomics, plain stores): what a poll's writer may be */
	struct obj_key *writes;
	size_t nr_writes, alloc_writes;
	const char *host_memory;	/* the run's host-memory evidence (cal_parse_info) */
	int opencl;		/* an OpenCL C parse: OpenCL's fix, no system scope */
};

/*
 * The PTX load of an asm template a poll may not rely on: a volatile one
 * ("ld.volatile", a relaxed system-scope load) or a weak one with the cache
 * operator .cg or .cv ("ld.global.cg", named by its opcode and qualifiers
 * but the type); not .acquire, .relaxed (relaxed-sync's) or .mmio loads.
 * *insn gets the load, *nr the number of statements of the template.
 */
struct cal_asm_template;
struct ptx_insn;
int cal_vs_weak_load(const struct cal_asm_template *at, struct ptx_insn *insn, unsigned *nr,
		     char *name, size_t size);
int cal_vs_fence_orders(const struct sync_state *st, const struct access *a, int fence_rank);

/* At most this many declarations of a kernel lose volatile together. */
#define MAX_DROPS 8

/* The index of parameter d of function fn, or -1. */
int cal_vs_parameter_index(CXCursor fn, CXCursor d);
/* Strip parentheses, casts and '&' off an address expression. */
CXCursor cal_vs_strip_address(CXCursor e);
void cal_vs_key_of(CXCursor e, struct obj_key *k);
int cal_vs_keys_match(const struct obj_key *a, const struct obj_key *b);
/* The declaration whose type carries the volatile of lvalue x, and its reference. */
CXCursor cal_vs_volatile_root(CXCursor x, CXCursor *ref);
/*
 * The legacy atomicCAS / atomicExch (any scope) that takes a lock, by name;
 * resolved calls only (a template pattern's is judged in its instantiations).
 */
int cal_vs_legacy_lock_op(CXCursor call, struct cal_atomic *a);
void cal_vs_sync_visit(struct cal_walk *w, CXCursor c, void *state);
int cal_vs_in_mmio_function(const struct sync_state *st, CXCursor fn);
/* The poll of the flag that a store through a parameter of its function is handed, or NULL. */
const struct access *cal_vs_poll_through_call(const struct sync_state *st, struct access *a);
void cal_vs_decide_flag(struct sync_state *st, struct access *a);
/* Is lvalue's object __shared__ (or a local pointer set from a __shared__ array)? */
int cal_vs_object_is_shared(CXCursor lvalue);
/* Types the fix can hand to cuda::atomic_ref (any scalar) or to atomicAdd/atomicExch. */
int cal_vs_type_fits(CXType t, int legacy);
int cal_vs_decide_can_fix(const struct sync_state *st, const struct access *a);
/*
 * The edits dropping volatile from root (and from the same parameter of a
 * kernel's prototypes): their number, or -1 if volatile must stay.
 */
int cal_vs_drop_volatile_edits(const struct sync_state *st, CXCursor root, struct cal_edit *e);
/* The widest scope over the loops acquiring the lock that a releases. */
const char *cal_vs_lock_scope(const struct sync_state *st, const struct access *a);
/* Can every loop acquiring the lock that a releases be made an acquire? Sets a's reason if not. */
int cal_vs_lock_acquires_fixable(const struct sync_state *st, struct access *a);
/*
 * The fix of a direct asm poll (poll_call.direct, its access a): the asm
 * statement becomes 'v = cuda::atomic_ref<T, S>{*p}.load(acquire)'.
 * Returns NULL when added, else why there is none.
 */
const char *cal_vs_add_asm_fix(const struct sync_state *st, struct cal_finding *f,
			       const struct poll_call *pc, const struct access *a);
void cal_vs_add_fix(const struct sync_state *st, struct cal_finding *f, const struct access *a);

#endif
