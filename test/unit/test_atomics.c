/*
 * Unit tests for the vocabulary of atomics (src/atomics/atomics.h): the op
 * table, the scope and order words, and cal_atomic_classify() on a small
 * CUDA file parsed for sm_90 in the tool's built-in environment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomics/atomics.h"
#include "atomics/nv_atomic.h"
#include "parse/arch_dependence.h"
#include "parse/user_words.h"
#include "parse/ast.h"
#include "parse/parse.h"
#include "parse/toolkit.h"
#include "test.h"

/* Every row: found by its name in its family, well formed. */
static void test_table(void)
{
	int i, legacy = 0, nv = 0, member = 0;

	for (i = 0; i < cal_nr_atomic_ops; i++) {
		const struct cal_atomic_op *r = &cal_atomic_ops[i];
		EXPECT(cal_atomic_op_find(r->api, r->name) == r);
		EXPECT(r->op != CAL_OP_ANY);
		EXPECT(r->order_arg < r->nr_args && r->failure_order_arg < r->nr_args);
		EXPECT((r->failure_order_arg >= 0) == (r->op == CAL_OP_CAS && r->api != CAL_API_LEGACY));
		switch (r->api) {
		case CAL_API_LEGACY:
			legacy++;
			EXPECT(!strncmp(r->name, "atomic", 6) && r->order_arg < 0 && r->scope_arg < 0);
			EXPECT(r->scope == CAL_SCOPE_DEVICE || r->scope == CAL_SCOPE_BLOCK ||
			       r->scope == CAL_SCOPE_SYSTEM);
			EXPECT(r->nr_args == (r->op == CAL_OP_CAS ? 3 : 2));
			break;
		case CAL_API_NV_BUILTIN:
			nv++;
			EXPECT(cal_nv_builtin_find(r->name) == r);
			EXPECT(r->scope_arg == r->nr_args - 1 && r->scope == CAL_SCOPE_UNKNOWN);
			break;
		case CAL_API_LIBCUDACXX:
			member++;
			EXPECT(r->scope_arg < 0 && r->order_arg >= 0);
			break;
		default:
			EXPECT(0);
		}
	}
	EXPECT(legacy == 11 * 3 && nv == 8 + 14 && member == 12);
	/* the names of one family are not another's */
	EXPECT(!cal_atomic_op_find(CAL_API_LEGACY, "fetch_add"));
	EXPECT(!cal_atomic_op_find(CAL_API_LEGACY, "atomicAdd_cluster"));
	EXPECT(!cal_atomic_op_find(CAL_API_NV_BUILTIN, "atomicAdd"));
	EXPECT(!cal_atomic_op_find(CAL_API_LIBCUDACXX, "__nv_atomic_load"));
}

static void test_lookups(void)
{
	const struct cal_atomic_op *r;

	r = cal_atomic_op_find(CAL_API_LEGACY, "atomicCAS_block");
	EXPECT(r && r->op == CAL_OP_CAS && r->scope == CAL_SCOPE_BLOCK && r->returns_old);
	r = cal_atomic_op_find(CAL_API_LEGACY, "atomicAnd_system");
	EXPECT(r && r->op == CAL_OP_AND && r->scope == CAL_SCOPE_SYSTEM);
	r = cal_legacy_op(CAL_OP_EXCH, CAL_SCOPE_DEVICE);
	EXPECT(r && !strcmp(r->name, "atomicExch"));
	EXPECT(!cal_legacy_op(CAL_OP_LOAD, CAL_SCOPE_DEVICE));
	r = cal_member_op(CAL_OP_ADD);
	EXPECT(r && !strcmp(r->name, "fetch_add") && r->order_arg == 1);
	EXPECT(!strcmp(cal_member_op(CAL_OP_EXCH)->name, "exchange"));
	EXPECT(!cal_member_op(CAL_OP_INC));
	r = cal_atomic_op_find(CAL_API_LIBCUDACXX, "compare_exchange_strong");
	EXPECT(r && r->order_arg == 2 && r->failure_order_arg == 3);
	EXPECT(cal_op_is_arith(CAL_OP_INC) && cal_op_is_arith(CAL_OP_XOR));
	EXPECT(!cal_op_is_arith(CAL_OP_CAS) && !cal_op_is_arith(CAL_OP_EXCH) &&
	       !cal_op_is_arith(CAL_OP_LOAD));
}

static void test_words(void)
{
	EXPECT(CAL_SCOPE_THREAD < CAL_SCOPE_BLOCK && CAL_SCOPE_BLOCK < CAL_SCOPE_CLUSTER &&
	       CAL_SCOPE_CLUSTER < CAL_SCOPE_DEVICE && CAL_SCOPE_DEVICE < CAL_SCOPE_SYSTEM);
	EXPECT(!strcmp(cal_scope_name(CAL_SCOPE_CLUSTER), "cluster"));
	EXPECT(!strcmp(cal_scope_name(CAL_SCOPE_UNKNOWN), "unknown"));
	EXPECT(!strcmp(cal_nv_scope_name(CAL_SCOPE_DEVICE), "__NV_THREAD_SCOPE_DEVICE"));
	EXPECT(!cal_nv_scope_name(CAL_SCOPE_UNKNOWN));
	EXPECT(!strcmp(cal_nv_order_name(CAL_ORDER_SEQ_CST), "__NV_ATOMIC_SEQ_CST"));
	EXPECT(cal_scope_from_nv(2) == CAL_SCOPE_CLUSTER && cal_scope_from_nv(5) == CAL_SCOPE_UNKNOWN);
	EXPECT(cal_scope_from_cuda(0) == CAL_SCOPE_SYSTEM && cal_scope_from_cuda(2) == CAL_SCOPE_BLOCK);
	EXPECT(cal_scope_from_cuda(10) == CAL_SCOPE_THREAD && cal_scope_from_cuda(4) == CAL_SCOPE_CLUSTER);
	EXPECT(cal_scope_from_cuda(7) == CAL_SCOPE_UNKNOWN);
	EXPECT(cal_order_from_value(3) == CAL_ORDER_RELEASE && cal_order_from_value(6) == CAL_ORDER_UNKNOWN);
	EXPECT(cal_scope_qual(CAL_SCOPE_BLOCK) == CAL_Q_SCOPE_BLOCK && cal_scope_qual(CAL_SCOPE_DEVICE) == 0);
	EXPECT(cal_order_valid_for(CAL_OP_LOAD, CAL_ORDER_ACQUIRE));
	EXPECT(!cal_order_valid_for(CAL_OP_STORE, CAL_ORDER_ACQUIRE));
}

/* ---- the classifier on parsed code ---- */

static const char snippet[] =
	"#include <cuda/atomic>\n"
	"namespace mine { __device__ int atomicAdd(int *p, int v); }\n"
	"struct other { __device__ bool compare_exchange_weak(int &e, int d); };\n"
	"__device__ int g;\n"
	"__global__ void k(int *p, double *d, int o, other *x) {\n"
	"  __shared__ int s;\n"
	"  int local = 0, e = 0;\n"
	"  atomicAdd(p, 1);\n"						/* 8 */
	"  atomicCAS_block(&s, 0, 1);\n"
	"  atomicExch_system(&g, 2);\n"
	"  atomicAdd(d, 1.0);\n"
	"  atomicMax(&local, 3);\n"
	"  mine::atomicAdd(p, 1);\n"
	"  __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);\n"
	"  __nv_atomic_load_n(p, __NV_ATOMIC_ACQUIRE);\n"
	"  __nv_atomic_compare_exchange_n(p, &e, 1, false, __NV_ATOMIC_ACQ_REL,\n"
	"                                 __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_CLUSTER);\n"
	"  __nv_atomic_store_n(p, 1, o, __NV_THREAD_SCOPE_DEVICE);\n"	/* 18 */
	"  cuda::atomic_ref<int, cuda::thread_scope_device> r(*p);\n"
	"  r.fetch_add(1, cuda::memory_order_release);\n"
	"  r.load();\n"
	"  r.notify_one();\n"
	"  cuda::atomic<int, cuda::thread_scope_block> *a = 0;\n"
	"  a->compare_exchange_strong(e, 2, cuda::memory_order_acq_rel);\n"
	"  x->compare_exchange_weak(e, 1);\n"				/* 25 */
	"  __syncthreads();\n"
	"}\n"
	"template <class T> __device__ T ld(T *p) {\n"
	"  return __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);\n"		/* 29 */
	"}\n"
	"__device__ int ld_int(int *p) { return (__nv_atomic_load_n)(p, __NV_ATOMIC_RELAXED); }\n";

struct found {
	struct cal_walk *w;
	CXFile main;
	struct cal_atomic at[32];
	unsigned line[32];
	int n, others;
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	struct found *f = data;
	CXFile file;
	unsigned line;
	struct cal_atomic a;

	(void)parent;
	clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, NULL, NULL);
	if (!file || !clang_File_isEqual(file, f->main))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		if (cal_atomic_classify(f->w, c, &a) && f->n < 32) {
			f->line[f->n] = line;
			f->at[f->n++] = a;
		} else if (!cal_atomic_classify(f->w, c, &a)) {
			f->others++;
		}
	}
	return CXChildVisit_Recurse;
}

/* The classified call on line, or NULL. */
static const struct cal_atomic *on_line(const struct found *f, unsigned line)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (f->line[i] == line)
			return &f->at[i];
	return NULL;
}

static int is(const struct cal_atomic *a, enum cal_api api, enum cal_op op, enum cal_scope scope)
{
	return a && a->api == api && a->op == op && a->scope == scope;
}

static void expect_legacy(const struct found *f)
{
	const struct cal_atomic *a;

	a = on_line(f, 8);
	EXPECT(is(a, CAL_API_LEGACY, CAL_OP_ADD, CAL_SCOPE_DEVICE) && a->from_cuda &&
	       a->how == CAL_CALLEE_RESOLVED && a->operand.kind == CXType_Int &&
	       a->order == CAL_ORDER_RELAXED && a->space == CAL_ASPACE_UNKNOWN);
	a = on_line(f, 9);
	EXPECT(is(a, CAL_API_LEGACY, CAL_OP_CAS, CAL_SCOPE_BLOCK) && a->space == CAL_ASPACE_SHARED);
	a = on_line(f, 10);
	EXPECT(is(a, CAL_API_LEGACY, CAL_OP_EXCH, CAL_SCOPE_SYSTEM) && a->space == CAL_ASPACE_GLOBAL);
	a = on_line(f, 11);
	EXPECT(is(a, CAL_API_LEGACY, CAL_OP_ADD, CAL_SCOPE_DEVICE) && a->operand.kind == CXType_Double);
	a = on_line(f, 12);
	EXPECT(is(a, CAL_API_LEGACY, CAL_OP_MAX, CAL_SCOPE_DEVICE) && a->space == CAL_ASPACE_LOCAL);
	/* a user's function of the same name: the name matches, the origin does not */
	a = on_line(f, 13);
	EXPECT(is(a, CAL_API_LEGACY, CAL_OP_ADD, CAL_SCOPE_DEVICE) && !a->from_cuda);
}

static void expect_builtins(const struct found *f)
{
	const struct cal_atomic *a;

	a = on_line(f, 14);
	EXPECT(is(a, CAL_API_NV_BUILTIN, CAL_OP_ADD, CAL_SCOPE_BLOCK) && a->from_cuda &&
	       a->order == CAL_ORDER_RELAXED && a->operand.kind == CXType_Int &&
	       a->row && a->row->returns_old && cal_nv_atomic_is_builtin_call(a));
	a = on_line(f, 15);		/* the scope left out: system */
	EXPECT(is(a, CAL_API_NV_BUILTIN, CAL_OP_LOAD, CAL_SCOPE_SYSTEM) &&
	       a->order == CAL_ORDER_ACQUIRE);
	a = on_line(f, 16);
	EXPECT(is(a, CAL_API_NV_BUILTIN, CAL_OP_CAS, CAL_SCOPE_CLUSTER) &&
	       a->order == CAL_ORDER_ACQ_REL && a->failure_order == CAL_ORDER_RELAXED);
	a = on_line(f, 18);		/* an order that is no constant stays unknown */
	EXPECT(is(a, CAL_API_NV_BUILTIN, CAL_OP_STORE, CAL_SCOPE_DEVICE) &&
	       a->order == CAL_ORDER_UNKNOWN);
}

static void expect_members(const struct found *f)
{
	const struct cal_atomic *a;

	EXPECT(!on_line(f, 19));	/* constructing an atomic_ref is no operation */
	a = on_line(f, 20);
	EXPECT(is(a, CAL_API_LIBCUDACXX, CAL_OP_ADD, CAL_SCOPE_DEVICE) && a->from_cuda &&
	       a->order == CAL_ORDER_RELEASE && a->operand.kind == CXType_Int &&
	       !clang_Cursor_isNull(a->object) && cal_cursor_name_is(a->atomic_class, "atomic_ref"));
	a = on_line(f, 21);		/* the order left out: seq_cst */
	EXPECT(is(a, CAL_API_LIBCUDACXX, CAL_OP_LOAD, CAL_SCOPE_DEVICE) &&
	       a->order == CAL_ORDER_SEQ_CST);
	a = on_line(f, 22);		/* a member the table does not name */
	EXPECT(a && a->api == CAL_API_LIBCUDACXX && !a->row && a->op == CAL_OP_ANY && a->from_cuda);
	a = on_line(f, 24);
	EXPECT(is(a, CAL_API_LIBCUDACXX, CAL_OP_CAS, CAL_SCOPE_BLOCK) &&
	       a->order == CAL_ORDER_ACQ_REL && a->failure_order == CAL_ORDER_ACQUIRE &&
	       cal_cursor_name_is(a->atomic_class, "atomic"));
	a = on_line(f, 25);		/* another class's member: the name alone */
	EXPECT(a && a->api == CAL_API_LIBCUDACXX && a->op == CAL_OP_CAS && !a->from_cuda);
	EXPECT(!on_line(f, 26));
}

static void expect_unresolved(const struct found *f)
{
	const struct cal_atomic *a;

	/* a template pattern's call whose types depend on T: an overload set */
	a = on_line(f, 29);
	EXPECT(a && a->api == CAL_API_NV_BUILTIN && a->op == CAL_OP_LOAD &&
	       a->how == CAL_CALLEE_OVERLOAD_SET && a->from_cuda &&
	       a->order == CAL_ORDER_RELAXED && !cal_nv_atomic_is_builtin_call(a));
	a = on_line(f, 31);
	EXPECT(is(a, CAL_API_NV_BUILTIN, CAL_OP_LOAD, CAL_SCOPE_SYSTEM) &&
	       a->how == CAL_CALLEE_WRAPPED && cal_nv_atomic_is_builtin_call(a));
}

static CXTranslationUnit parse_snippet(CXIndex index, const struct cal_env *env,
				       const struct cal_target_set *targets, char *path)
{
	struct cal_parse_request req = { env, targets, &targets->t[0], NULL, 0, 0, 0, NULL, 0, NULL, NULL };
	int fd = mkstemps(path, 3), nr_errors = 0;
	char *err = NULL;
	CXTranslationUnit tu;

	if (fd < 0 || write(fd, snippet, sizeof(snippet) - 1) != (ssize_t)(sizeof(snippet) - 1)) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	close(fd);
	tu = cal_parse_file(index, path, &req, &nr_errors, &err);
	EXPECT(tu && nr_errors == 0);
	free(err);
	return tu;
}

static void test_classify(void)
{
	struct cal_env env;
	struct cal_target_set targets = { .n = 0 };
	struct cal_target sm90 = { 90, 0 };
	struct cal_parse_info info;
	struct cal_walk *w = calloc(1, sizeof(*w));
	struct found *f = calloc(1, sizeof(*f));
	char path[] = "/tmp/cal-test-atomics-XXXXXX.cu";
	CXIndex index;
	CXTranslationUnit tu;

	memset(&env, 0, sizeof(env));
	if (!w || !f || cal_env_setup(&env, NULL, 1) < 0) {
		EXPECT(0);
		free(w);
		free(f);
		return;
	}
	cal_target_set_add(&targets, sm90);
	index = clang_createIndex(0, 0);
	tu = parse_snippet(index, &env, &targets, path);
	if (tu) {
		memset(&info, 0, sizeof(info));
		info.tu = tu;
		info.main_file = path;
		info.targets = &targets;
		info.arch = &targets.t[0];
		info.prelude_path = env.dir;
		w->parse = &info;
		f->w = w;
		f->main = clang_getFile(tu, path);
		clang_visitChildren(clang_getTranslationUnitCursor(tu), collect, f);
		expect_legacy(f);
		expect_builtins(f);
		expect_members(f);
		expect_unresolved(f);
		EXPECT(f->others >= 1);		/* __syncthreads() */
		clang_disposeTranslationUnit(tu);
	}
	clang_disposeIndex(index);
	unlink(path);
	cal_env_release(&env);
	free(w);
	free(f);
}

/* OpenCL C's rows: found by name, well formed, apart from CUDA's. */
static void test_cl_table(void)
{
	const struct cal_atomic_op *r;
	int i, v1 = 0, v2 = 0;

	for (i = 0; i < cal_nr_atomic_ops_cl; i++) {
		r = &cal_atomic_ops_cl[i];
		EXPECT(cal_atomic_op_cl_find(r->name) == r);
		EXPECT(r->op != CAL_OP_ANY && r->scope == CAL_SCOPE_UNKNOWN && !r->generic);
		EXPECT(r->order_arg < r->nr_args && r->failure_order_arg < r->nr_args &&
		       r->scope_arg < r->nr_args);
		if (r->api == CAL_API_OPENCL_1X) {
			v1++;
			EXPECT(r->returns_old && r->order_arg < 0 && r->scope_arg < 0);
		} else {
			v2++;
			EXPECT(r->api == CAL_API_OPENCL_2X);
			/* the scope argument is the last one of the _explicit form */
			EXPECT(strstr(r->name, "_explicit") ? r->scope_arg == r->nr_args - 1 &&
			       r->order_arg > 0 : r->scope_arg < 0 && r->order_arg < 0);
			EXPECT((r->failure_order_arg >= 0) ==
			       (r->op == CAL_OP_CAS && strstr(r->name, "_explicit") != NULL));
		}
	}
	EXPECT(v1 == 11 * 2 && v2 == 2 * 14);
	r = cal_atomic_op_cl_find("atom_cmpxchg");
	EXPECT(r && r->op == CAL_OP_CAS && r->returns_old && r->nr_args == 3);
	r = cal_atomic_op_cl_find("atomic_compare_exchange_weak_explicit");
	EXPECT(r && r->op == CAL_OP_CAS && !r->returns_old && r->order_arg == 3 &&
	       r->failure_order_arg == 4 && r->scope_arg == 5);
	r = cal_atomic_op_cl_find("atomic_load_explicit");
	EXPECT(r && r->op == CAL_OP_LOAD && r->order_arg == 1 && r->scope_arg == 2);
	r = cal_atomic_op_cl_find("atomic_fetch_max_explicit");
	EXPECT(r && r->op == CAL_OP_MAX && r->returns_old && r->scope_arg == 3);
	EXPECT(!cal_atomic_op_cl_find("atomicAdd") && !cal_atomic_op_cl_find("atomic_work_item_fence") &&
	       !cal_atomic_op_cl_find("atomic_init") && !cal_atomic_op_cl_find(NULL));
	EXPECT(!cal_atomic_op_find(CAL_API_LEGACY, "atomic_add"));
	EXPECT(cal_cl_scope_find("memory_scope_work_group")->within_group &&
	       cal_cl_scope_find("memory_scope_sub_group")->within_group &&
	       !cal_cl_scope_find("memory_scope_device")->within_group &&
	       !cal_cl_scope_find("memory_order_relaxed"));
}

/*
 * The host parse's indexing pass is made where a user file names a
 * compare-and-swap (cas-float-compare's wants_host_index): the text test
 * must find every CAS spelling of the tables.
 */
static void test_cas_names(void)
{
	static const char *const near[] = {
		"atomicCA", "atomicAdd(p, 1)", "compare_exchang", "cmpxchg", "", "CAS",
	};
	int i;

	for (i = 0; i < cal_nr_atomic_ops; i++)
		if (cal_atomic_ops[i].op == CAL_OP_CAS)
			EXPECT(cal_text_names_cas(cal_atomic_ops[i].name,
						  strlen(cal_atomic_ops[i].name)));
	for (i = 0; i < cal_nr_atomic_ops_hip; i++)
		if (cal_atomic_ops_hip[i].op == CAL_OP_CAS)
			EXPECT(cal_text_names_cas(cal_atomic_ops_hip[i].name,
						  strlen(cal_atomic_ops_hip[i].name)));
	EXPECT(cal_text_names_cas("x = r.compare_exchange_strong(e, d);", 36));
	EXPECT(cal_text_names_cas("atomicCAS_system", 16));
	EXPECT(!cal_text_names_cas("atomicCAS_system", 8));	/* the length bounds it */
	for (i = 0; i < (int)(sizeof(near) / sizeof(*near)); i++)
		EXPECT(!cal_text_names_cas(near[i], strlen(near[i])));
}

static unsigned words(const char *s)
{
	return cal_text_user_words(s, strlen(s));
}

/*
 * The gate of the atomic checks (check.h's needs_words): every free
 * function of the tables spells CAL_WORD_ATOMIC (a member such as
 * fetch_add is called on an object whose type is spelled "atomic"), and
 * so do the PTX instructions the checks judge; asm's own volatile does
 * not spell CAL_WORD_VOLATILE, nor PTX's .shared state space
 * CAL_WORD_SHARED.
 */
static void test_user_words(void)
{
	static const char *const atomic[] = {
		"atom.global.add.u32 %0, [%1], %2;", "red.relaxed.gpu.global.add.f32 [%0], %1;",
		"ld.relaxed.gpu.u32 %0, [%1];", "ld.acquire.gpu.b32", "st.release.sys.u32",
		"fence.acq_rel.gpu;", "membar.gl;", "__threadfence_block();",
		"cuda::atomic_thread_fence(cuda::memory_order_release)", "x.compare_exchange_weak(e, d)",
		"unsafeAtomicAdd(p, v)", "__hip_atomic_load(p, o, s)", "ATOMIC_ADD(p, 1)",
		"{red.global.add.u32 [%0], 1;}", "mov.u32 %0, %%ctaid.x; ld.cta.u32",
	};
	static const char *const neither[] = {
		"asm volatile(\"mma.sync.aligned.m16n8k16\");",
		"__asm__ __volatile__(\"cp.async.cg.shared.global [%0], [%1], 16;\");",
		"asm  volatile (\"ldmatrix.sync.aligned.m8n8.x4.shared.b16\");",
		"tile.shared.x = required.y;", "int volatile_flag, nonvolatile;", "x.fetch_add(1)",
		"prefetch.global.L2 [%0];", "",
	};
	int i;

	for (i = 0; i < cal_nr_atomic_ops; i++)
		if (cal_atomic_ops[i].api != CAL_API_LIBCUDACXX)
			EXPECT(words(cal_atomic_ops[i].name) & CAL_WORD_ATOMIC);
	for (i = 0; i < cal_nr_atomic_ops_hip; i++)
		EXPECT(words(cal_atomic_ops_hip[i].name) & CAL_WORD_ATOMIC);
	for (i = 0; i < (int)(sizeof(atomic) / sizeof(*atomic)); i++)
		EXPECT(words(atomic[i]) & CAL_WORD_ATOMIC);
	for (i = 0; i < (int)(sizeof(neither) / sizeof(*neither)); i++)
		EXPECT(words(neither[i]) == 0);
	EXPECT(words("volatile int *flag;") == CAL_WORD_VOLATILE);
	EXPECT(words("while (*(int __volatile__ *)p == 0)") == CAL_WORD_VOLATILE);
	EXPECT(words("asm volatile(\"ld.volatile.global.u32 %0, [%1];\")") == CAL_WORD_VOLATILE);
	EXPECT(words("asm(\"ld.global.cg.u32 %0, [%1];\")") == CAL_WORD_VOLATILE);
	EXPECT(words("volatile int *f; atomicAdd(p, 1);") == (CAL_WORD_ATOMIC | CAL_WORD_VOLATILE));
	EXPECT(words("__shared__ float s[256];") == CAL_WORD_SHARED);
	EXPECT(words("HIP_DYNAMIC_SHARED(float, s)") == CAL_WORD_SHARED);
	EXPECT(words("float s[32] __attribute__((shared));") == CAL_WORD_SHARED);
	EXPECT(words("T block_reduce(T v, T *shared_vals) { shared_vals[w] = v; }") == 0);
	EXPECT(words("CUDA_SET_SHARED_MEMORY_LIMIT(k, n); cudaFuncAttributeMaxDynamicSharedMemorySize") ==
	       0);
	EXPECT(words("extern __shared__ char smem[]; volatile int *v; __syncwarp(); atomicOr(p, 1);") ==
	       CAL_WORDS_ALL);
	EXPECT(words("atomicAdd") == CAL_WORD_ATOMIC);
	EXPECT(cal_text_user_words("atomicAdd", 3) == 0);	/* the length bounds it */
}

static unsigned host_words(const char *s)
{
	return cal_text_host_words(s, strlen(s));
}

/*
 * The host's side (the arch replay's host lines): every free function of
 * the tables still spells an atomic ("atomic" in any case); "atom" alone
 * (CuTe's Copy_Atom, PTX's atom.) does not.
 */
static void test_host_words(void)
{
	int i;

	for (i = 0; i < cal_nr_atomic_ops; i++)
		if (cal_atomic_ops[i].api != CAL_API_LIBCUDACXX)
			EXPECT(host_words(cal_atomic_ops[i].name) & CAL_WORD_ATOMIC);
	EXPECT(host_words("std::atomic<int> n; n.fetch_add(1);") == CAL_WORD_ATOMIC);
	EXPECT(host_words("AtomicCounter<int>::bump(p)") == CAL_WORD_ATOMIC);
	EXPECT(host_words("ATOMIC_VAR_INIT(0)") == CAL_WORD_ATOMIC);
	EXPECT(host_words("std::atomic_thread_fence(std::memory_order_seq_cst)") == CAL_WORD_ATOMIC);
	EXPECT(host_words("x.compare_exchange_weak(e, d)") == CAL_WORD_ATOMIC);
	EXPECT(host_words("volatile int *flag;") == CAL_WORD_VOLATILE);
	EXPECT(host_words("using Atom = Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<T>, T>;") == 0);
	EXPECT(host_words("TiledNumThr{} % AtomNumThr{} == Int<0>{}") == 0);
	EXPECT(words("TiledNumThr{} % AtomNumThr{} == Int<0>{}") == CAL_WORD_ATOMIC);
}

int main(void)
{
	test_table();
	test_cas_names();
	test_user_words();
	test_host_words();
	test_cl_table();
	test_lookups();
	test_words();
	test_classify();
	return test_summary("test_atomics");
}
