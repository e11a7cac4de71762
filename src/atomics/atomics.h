/*
 * The vocabulary of GPU atomics: one op table, one scope enum, one memory
 * order enum, and one classifier that says which atomic operation a call
 * is.  Every check, analysis and the facts table speak these words; no
 * other file holds a list of atomic function names.
 *
 * The operation is the facts table's enum cal_op, the API family its
 * enum cal_api, the scope and memory order its enum cal_scope and enum
 * cal_order (include/cuatomlint/facts.h, free of libclang so that the PTX
 * reader speaks them too), so a classified call looks up its facts without
 * translation.
 *
 * cal_atomic_ops[] has one row per spelling:
 *  - the legacy functions atomicXxx, atomicXxx_block, atomicXxx_system
 *    (CAL_API_LEGACY; the suffix gives the scope);
 *  - the __nv_atomic_* builtins nvcc 13 knows (CAL_API_NV_BUILTIN; the
 *    prelude in src/parse/cuda_env_text.c declares the same set), with
 *    where their memory order(s) and scope sit in the argument list;
 *  - the member functions of cuda::atomic_ref / cuda::atomic /
 *    cuda::std::atomic (CAL_API_LIBCUDACXX; the scope is the class's
 *    template argument).
 * Argument indices are 0-based, -1 where there is no such argument.
 */
#ifndef CUATOMLINT_ATOMICS_ATOMICS_H
#define CUATOMLINT_ATOMICS_ATOMICS_H

#include <clang-c/Index.h>

#include "cuatomlint/facts.h"
#include "parse/check.h"

/* Where the object of an atomic lives, as far as the call shows. */
enum cal_atomic_space {
	CAL_ASPACE_UNKNOWN,
	CAL_ASPACE_GLOBAL,	/* a __device__ / __managed__ variable */
	CAL_ASPACE_SHARED,	/* a __shared__ variable */
	CAL_ASPACE_LOCAL,	/* an automatic variable of the thread */
};

struct cal_atomic_op {
	const char *name;	/* "atomicAdd_block", "__nv_atomic_fetch_add", "fetch_add" */
	enum cal_api api;
	enum cal_op op;
	enum cal_scope scope;	/* legacy: by the suffix; else CAL_SCOPE_UNKNOWN */
	int generic;		/* __nv_atomic_load & co.: operands through pointers */
	int returns_old;	/* yields the previous value */
	int nr_args;		/* with defaulted ones */
	int order_arg;		/* the (success) memory order */
	int failure_order_arg;	/* compare-exchange only */
	int scope_arg;
};

extern const struct cal_atomic_op cal_atomic_ops[];
extern const int cal_nr_atomic_ops;

/* The row of name in family api, or NULL. */
const struct cal_atomic_op *cal_atomic_op_find(enum cal_api api, const char *name);
/* The legacy row of op at scope (CAL_SCOPE_DEVICE: no suffix), or NULL. */
const struct cal_atomic_op *cal_legacy_op(enum cal_op op, enum cal_scope scope);
/* The first cuda::atomic_ref member row of op ("fetch_add"), or NULL. */
const struct cal_atomic_op *cal_member_op(enum cal_op op);
/*
 * OpenCL C's atomic functions (src/atomics/atomic_ops_cl.c), apart from
 * cal_atomic_ops[]: the 1.x atomic_add() / atom_add() family
 * (CAL_API_OPENCL_1X: relaxed, the old value returned, no order or scope
 * argument) and the 2.0 functions with and without _explicit
 * (CAL_API_OPENCL_2X: order_arg / failure_order_arg / scope_arg where the
 * _explicit form has them, -1 in the plain form; the scope argument is
 * optional and nr_args counts it).  scope is CAL_SCOPE_UNKNOWN throughout.
 */
extern const struct cal_atomic_op cal_atomic_ops_cl[];
extern const int cal_nr_atomic_ops_cl;
/* The OpenCL C row of name ("atom_add", "atomic_fetch_add_explicit"), or NULL. */
const struct cal_atomic_op *cal_atomic_op_cl_find(const char *name);

/*
 * HIP's atomics (src/atomics/atomic_ops_hip.c), beside cal_atomic_ops[] as
 * OpenCL's are: clang's __hip_atomic_* builtins (CAL_API_HIP_BUILTIN:
 * pointer, operand(s), order(s), then an __HIP_MEMORY_SCOPE_* scope),
 * clang's __scoped_atomic_* builtins (CAL_API_SCOPED: GNU's argument lists
 * and a __MEMORY_SCOPE_* scope last), GNU's __atomic_* builtins
 * (CAL_API_GNU: no scope argument, system scope) and HIP's own
 * unsafeAtomicAdd / safeAtomicAdd (CAL_API_HIP: relaxed, device scope).
 * Orders are __ATOMIC_* values, numbered as enum cal_order.  clang's
 * builtins are AtomicExprs, not calls: libclang shows them as unexposed
 * expressions whose first token is the name.
 */
extern const struct cal_atomic_op cal_atomic_ops_hip[];
extern const int cal_nr_atomic_ops_hip;
/* The HIP row of name ("__hip_atomic_fetch_add", "__atomic_load_n"), or NULL. */
const struct cal_atomic_op *cal_atomic_op_hip_find(const char *name);

/* A HIP or clang memory scope constant. */
struct cal_hip_scope {
	const char *name;	/* "__HIP_MEMORY_SCOPE_WORKGROUP" */
	enum cal_api api;	/* CAL_API_HIP_BUILTIN or CAL_API_SCOPED */
	long long value;
	enum cal_scope scope;	/* wavefront: CAL_SCOPE_BLOCK with within_block */
	int within_block;	/* wavefront: narrower than a block */
};
/* The scope constant of value in family api, or NULL. */
const struct cal_hip_scope *cal_hip_scope_find(enum cal_api api, long long value);
/* The scope constant called name, or NULL. */
const struct cal_hip_scope *cal_hip_scope_named(const char *name);
/* HIP's spelling of scope s for __hip_atomic_*: "__HIP_MEMORY_SCOPE_AGENT", or NULL. */
const char *cal_hip_scope_name(enum cal_scope s);

/* An OpenCL C memory_scope_* constant. */
struct cal_cl_scope {
	const char *name;	/* "memory_scope_work_group" */
	int within_group;	/* sub-group or work-group: narrower than the NDRange's work-groups */
};
/* The memory_scope_* constant called name, or NULL. */
const struct cal_cl_scope *cal_cl_scope_find(const char *name);

/*
 * A memory fence function (src/atomics/fence_ops.c): CUDA's
 * __threadfence_block/__threadfence/__threadfence_system (CAL_API_LEGACY,
 * their scope; always sequentially consistent), cuda::atomic_thread_fence
 * (CAL_API_LIBCUDACXX), GNU's __atomic_thread_fence (CAL_API_GNU) and AMD's
 * __builtin_amdgcn_fence (CAL_API_HIP), OpenCL C's mem_fence & co.
 * (CAL_API_OPENCL_1X) and atomic_work_item_fence (CAL_API_OPENCL_2X).
 * order_arg: where the memory
 * order sits, -1 where the fence orders everything.
 */
struct cal_fence_op {
	const char *name;
	enum cal_api api;
	enum cal_scope scope;	/* CAL_SCOPE_UNKNOWN where an argument or the profile says */
	int order_arg;
};
/* The fence of that name, in OpenCL C (opencl set) or CUDA, or NULL. */
const struct cal_fence_op *cal_fence_op_find(int opencl, const char *name);
/* CUDA's fence function of scope (block, device, system): "__threadfence", or NULL. */
const char *cal_fence_name(enum cal_scope scope);

/* Arithmetic or logic read-modify-write (add, sub, min, max, inc, dec, and, or, xor)? */
int cal_op_is_arith(enum cal_op op);
/* Is order valid for op (load: not release/acq_rel; store: not consume/acquire/acq_rel)? */
int cal_order_valid_for(enum cal_op op, long long order);

/* "block" ... "system"; "unknown" out of range. */
const char *cal_scope_name(enum cal_scope s);
/* "__NV_THREAD_SCOPE_BLOCK" for CAL_SCOPE_BLOCK, NULL out of range. */
const char *cal_nv_scope_name(long long scope);
/* "__NV_ATOMIC_ACQUIRE" for CAL_ORDER_ACQUIRE, NULL out of range. */
const char *cal_nv_order_name(long long order);
/* The scope a __NV_THREAD_SCOPE_* value names; CAL_SCOPE_UNKNOWN if none. */
enum cal_scope cal_scope_from_nv(long long v);
/*
 * The scope a cuda::thread_scope value names: libcu++ has system 0,
 * device 1, block 2, thread 10; the built-in environment adds cluster 4 and
 * uses 3 for thread.  CAL_SCOPE_UNKNOWN if none.
 */
enum cal_scope cal_scope_from_cuda(long long v);
/* The memory order a __NV_ATOMIC_* / memory_order value names, or CAL_ORDER_UNKNOWN. */
enum cal_order cal_order_from_value(long long v);

/* How the callee of a call was found. */
enum cal_callee_how {
	CAL_CALLEE_RESOLVED,	/* clang resolved the call */
	CAL_CALLEE_OVERLOAD_SET,	/* an unresolved call (a template pattern's) or a
				   recovery expression naming an overload set: its first function */
	CAL_CALLEE_NAMED,	/* libclang names no callee, the call's name refers to one function */
	CAL_CALLEE_WRAPPED,	/* the same, found past parentheses: "(atomicAdd)(p, v)" */
};

#define CAL_ATOMIC_MAX_ARGS 8

/* One atomic call, as cal_atomic_classify() reads it. */
struct cal_atomic {
	const struct cal_atomic_op *row;	/* NULL: a libcu++ member the table lacks */
	enum cal_api api;
	enum cal_op op;			/* CAL_OP_ANY with no row */
	CXCursor call;
	CXCursor callee;		/* the function called; null if clang names none */
	CXCursor name_ref;		/* the expression naming it (legacy, builtins) */
	/*
	 * Declared by the CUDA headers, the built-in environment or the
	 * prelude (legacy), the prelude (builtins), or a member of a class
	 * cuda::...::atomic / atomic_ref (libcu++).  0: only the name matches
	 * (a libcu++ row then is a member of another class, or no member).
	 */
	int from_cuda;
	enum cal_callee_how how;
	CXCursor object;		/* libcu++: the atomic object called on */
	CXCursor atomic_class;		/* libcu++: its class (a specialization) */
	CXType atomic_type;		/* libcu++: its type, unqualified; else invalid */
	CXType operand;			/* the object's value type, canonical; invalid if unknown */
	enum cal_scope scope;
	enum cal_order order, failure_order;
	enum cal_atomic_space space;
	/* HIP_BUILTIN, SCOPED: the constant its scope argument names; else NULL */
	const struct cal_hip_scope *hip_scope;
	/*
	 * The arguments in source order (cal_atomic_arg), for a resolved call
	 * and for an AtomicExpr, whose children clang keeps in another order;
	 * nr_args -1 where they are unknown (a recovery expression).
	 */
	int nr_args;
	CXCursor args[CAL_ATOMIC_MAX_ARGS];
};

/*
 * Is call (a CallExpr, or the recovery expression clang keeps for a call
 * it could not resolve) an atomic operation?  Fills *out and returns 1;
 * else 0.  The name decides the row; from_cuda says whether the callee is
 * CUDA's own.  A check that must not judge a user's function of the same
 * name (or std::atomic's compare_exchange_weak) tests from_cuda.  w may be
 * NULL where the caller judges names alone: from_cuda is then 0 for the
 * legacy functions and the builtins.
 */
int cal_atomic_classify(const struct cal_walk *w, CXCursor call, struct cal_atomic *out);
/*
 * In a HIP parse, call may also be clang's atomic builtin (an AtomicExpr:
 * __hip_atomic_*, __scoped_atomic_*, __atomic_*), an unexposed expression
 * with no callee, classified by the HIP rows (cal_atomic_ops_hip[]):
 * callee and name_ref are null, from_cuda is 1 (a compiler builtin).
 */

/* Argument i (0-based, source order) of a classified atomic, or a null cursor. */
CXCursor cal_atomic_arg(const struct cal_atomic *a, int i);

#endif
