/*
 * Facts: which atomic operation needs which GPU architecture.
 *
 * Every (API, operation, operand type, qualifier) -> minimum sm fact of the
 * spec's tables A (legacy atomic functions), B (__nv_atomic_* builtins) and
 * D (PTX atom/red) is one row of one array, cal_facts[], in src/atomics/facts.c,
 * and each row cites its source.  Checks ask cal_facts_find(); no check
 * holds an architecture number of its own.
 *
 * A row may depend on the toolkit: newer CUDA headers emulate some
 * operations with CAS loops on older targets.  min_sm is what the hardware
 * (or PTX) needs; emulated_from_sm, when non-zero, is the lowest target the
 * toolkit's headers still provide the operation for, from CUDA version
 * emulated_since_cuda on.
 */
#ifndef CUATOMLINT_FACTS_H
#define CUATOMLINT_FACTS_H

enum cal_api {
	CAL_API_LEGACY,		/* atomicAdd() & co. */
	CAL_API_NV_BUILTIN,	/* __nv_atomic_*() */
	CAL_API_LIBCUDACXX,	/* cuda::atomic, cuda::atomic_ref */
	CAL_API_PTX,		/* inline asm atom / red */
	CAL_API_OPENCL_1X,	/* OpenCL C 1.x atomic_add() / atom_add() & co. */
	CAL_API_OPENCL_2X,	/* OpenCL C 2.0 atomic_fetch_add() & co. */
	CAL_API_HIP_BUILTIN,	/* HIP: clang's __hip_atomic_*(), order and scope arguments */
	CAL_API_SCOPED,		/* clang's __scoped_atomic_*(): GNU's with a scope argument */
	CAL_API_GNU,		/* GNU's __atomic_*(): an order, no scope (system) */
	CAL_API_HIP,		/* HIP's own functions: unsafeAtomicAdd, safeAtomicAdd */
};

enum cal_op {
	CAL_OP_ANY,
	CAL_OP_ADD, CAL_OP_SUB, CAL_OP_EXCH, CAL_OP_MIN, CAL_OP_MAX,
	CAL_OP_INC, CAL_OP_DEC, CAL_OP_AND, CAL_OP_OR, CAL_OP_XOR,
	CAL_OP_CAS, CAL_OP_LOAD, CAL_OP_STORE,
};

enum cal_vtype {
	CAL_T_ANY,
	CAL_T_I32,	/* int / unsigned, .s32 .u32 .b32 */
	CAL_T_I64,	/* 64-bit integers, .s64 .u64 .b64 */
	CAL_T_F32, CAL_T_F64,
	CAL_T_F16, CAL_T_F16X2, CAL_T_BF16, CAL_T_BF16X2,
	CAL_T_FLOAT2, CAL_T_FLOAT4,
	CAL_T_B16,	/* 16-bit CAS word */
	CAL_T_B128,	/* 16-byte objects */
};

/* Qualifiers (bit flags) a row is about; 0: the plain operation. */
enum cal_qual {
	CAL_Q_NONE = 0,
	CAL_Q_SCOPE_BLOCK = 1 << 0,	/* _block, .cta, scope argument */
	CAL_Q_SCOPE_SYSTEM = 1 << 1,	/* _system, .sys */
	CAL_Q_SCOPE_CLUSTER = 1 << 2,	/* .cluster, ::cluster, cluster scope */
	CAL_Q_SCOPE = 1 << 3,		/* any .scope qualifier (PTX) */
	CAL_Q_SEM = 1 << 4,		/* .sem / memory order */
	CAL_Q_CACHE_HINT = 1 << 5,	/* .L2::cache_hint */
	CAL_Q_VECTOR = 1 << 6,		/* .v2 .v4 .v8 */
	CAL_Q_SHARED_CTA = 1 << 7,	/* ::cta sub-qualifier */
	CAL_Q_ASYNC = 1 << 8,		/* red.async */
	CAL_Q_TEGRA = 1 << 9,		/* the row holds on Tegra parts */
	CAL_Q_NOT_LOCAL = 1 << 10,	/* cuda::atomic_ref on sm_60: not on automatic storage */
	CAL_Q_SHARED_VS_STORES = 1 << 11,	/* PTX .shared atom vs plain stores (a note) */
};

/*
 * Thread scopes, narrowest first (so "scope < CAL_SCOPE_DEVICE" means
 * narrower than the device), numbered as nvcc's __NV_THREAD_SCOPE_* enum.
 * PTX's .cta is block, .gpu device, .sys system.  The one scope encoding of
 * the tool: checks, analyses, the PTX reader and the op table use it.
 */
enum cal_scope {
	CAL_SCOPE_THREAD, CAL_SCOPE_BLOCK, CAL_SCOPE_CLUSTER,
	CAL_SCOPE_DEVICE, CAL_SCOPE_SYSTEM,
	CAL_NR_SCOPES,
	CAL_SCOPE_UNKNOWN = CAL_NR_SCOPES	/* not a constant, or not known */
};

/* Memory orders, numbered as __NV_ATOMIC_* and cuda::std::memory_order. */
enum cal_order {
	CAL_ORDER_RELAXED, CAL_ORDER_CONSUME, CAL_ORDER_ACQUIRE,
	CAL_ORDER_RELEASE, CAL_ORDER_ACQ_REL, CAL_ORDER_SEQ_CST,
	CAL_NR_ORDERS,
	CAL_ORDER_UNKNOWN = CAL_NR_ORDERS
};

struct cal_fact {
	enum cal_api api;
	enum cal_op op;
	enum cal_vtype type;
	unsigned quals;
	unsigned min_sm;
	unsigned emulated_from_sm;	/* 0: never emulated */
	unsigned emulated_since_cuda;	/* CUDA major version of the emulation */
	const char *what;		/* "atomicAdd(double*)" */
	const char *source;		/* where the fact comes from */
};

extern const struct cal_fact cal_facts[];
extern const int cal_nr_facts;

/*
 * The row for (api, op, type, quals): an exact match first, then rows with
 * CAL_OP_ANY / CAL_T_ANY wildcards.  NULL if nothing is known (supported).
 */
const struct cal_fact *cal_facts_find(enum cal_api api, enum cal_op op,
				      enum cal_vtype type, unsigned quals);
/*
 * The lowest target on which the build's toolkit (CUDA major version
 * cuda_major, 0 if unknown) provides the operation of row f.
 */
unsigned cal_fact_min_sm(const struct cal_fact *f, int cuda_major);

/* The markdown of docs/architectures.md (caller frees). */
char *cal_facts_markdown(void);

/* The qualifier bit of a scope (CAL_Q_SCOPE_BLOCK ...); 0 for device scope. */
unsigned cal_scope_qual(enum cal_scope scope);

const char *cal_api_name(enum cal_api api);
const char *cal_op_name(enum cal_op op);
const char *cal_vtype_name(enum cal_vtype t);

#endif
