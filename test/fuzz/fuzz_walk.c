/*
 * libFuzzer target for the walk and every check (src/parse/walk.c, src/checks/).
 *
 * The input becomes CUDA C++ source in one of two ways:
 *   - as written: the seed corpus (test/fuzz/walk-corpus/) holds small,
 *     real-looking CUDA files (member templates, implicit-this template
 *     calls, qualified base calls, lambdas, dependent types, macros, atomics
 *     of every API, volatile flags, inline PTX) that libFuzzer mutates;
 *   - generated: an input starting with GEN_MAGIC is a list of choices, each
 *     byte picking a fragment of the table below, and the fragments are
 *     spliced into one file.  Fragments are whole declarations, so most
 *     generated files parse and reach deep into the checks.
 * The source is parsed in memory (an unsaved file) with the tool's built-in
 * CUDA environment and the clang arguments a real run uses, for the host or
 * a device target chosen by the input's length, and walked with every check
 * enabled.  Findings are discarded after a sanity check of their shape:
 * what counts is no crash, no sanitizer report and no hang.  The walk runs
 * unguarded here (cal_walk_parse, not the run's crash guard), so a crash is
 * seen.  Built and run by scripts/fuzz.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "parse/check.h"
#include "cuatomlint/strbuf.h"
#include "parse/parse.h"
#include "parse/toolkit.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQUIRE(cond) do { if (!(cond)) abort(); } while (0)
#define GEN_MAGIC "//gen\n"
#define INPUT_NAME "fuzz_input.cu"

static struct cal_env env;
static struct cal_target_set targets;
static CXIndex index_;
static int enabled[64];

static const char *const fragments[] = {
	"template <int A> struct S {};\n",
	"struct R { template <typename P> __device__ void f() {} __device__ void run() { f<S<1>>(); } };\n",
	"namespace d { struct B { __device__ int f() const { return 0; } }; }\n",
	"struct D : d::B { __device__ int g() const { return d::B::f(); } };\n",
	"template <class T> struct Acc { T *p; __device__ void add(T v) { atomicAdd(p, v); } "
	"__device__ ~Acc() { atomicAdd(p, T(1)); } };\n",
	"template struct Acc<double>;\n",
	"template <class T> __global__ void k(T *p) { atomicAdd(p, T(1)); atomicMax(p, T(2)); }\n",
	"template __global__ void k<int>(int *);\n",
	"template __global__ void k<double>(double *);\n",
	"void host_take() { void *q = (void *)k<float>; (void)q; }\n",
	"__global__ void spin(volatile int *flag, int *data) { while (*flag == 0) {} data[0] = 1; }\n",
	"__global__ void publish(volatile int *flag, int *data) { data[0] = 42; *flag = 1; }\n",
	"__device__ void warp(volatile int *s, unsigned t) { s[t] += s[t + 32]; s[t] += s[t + 16]; "
	"s[t] += s[t + 8]; }\n",
	"#define ADD(p, v) atomicAdd((p), (v))\n",
	"__global__ void macro_add(float *p) { ADD(p, 1.0f); }\n",
	"__global__ void lam(double *p) { auto f = [](auto *q) { atomicAdd(q, 2.0); }; f(p); "
	"auto g = [=] __device__ (int i) { return p[i]; }; (void)g(0); }\n",
	"__device__ int lock; __device__ void crit() { while (atomicCAS(&lock, 0, 1) != 0) {} "
	"lock = 0; }\n",
	"__global__ void cas(float *p) { float old = *p, assumed; do { assumed = old; "
	"old = __int_as_float(atomicCAS((int *)p, __float_as_int(assumed), "
	"__float_as_int(assumed + 1.0f))); } while (assumed != old); }\n",
	"__global__ void nv(int *p) { __nv_atomic_fetch_add(p, 1, __NV_ATOMIC_RELAXED, "
	"__NV_THREAD_SCOPE_DEVICE); int v; __nv_atomic_load(p, &v, __NV_ATOMIC_ACQUIRE); }\n",
	"__global__ void ptx(unsigned *p) { unsigned r; asm volatile(\"atom.global.add.u32 %0, [%1], 1;\" "
	": \"=r\"(r) : \"l\"(p)); asm(\"red.shared.add.f64 [%0], %1;\" :: \"l\"(p), \"d\"(1.0)); }\n",
	"__global__ void local_atomic() { int x = 0; atomicAdd(&x, 1); __shared__ int s; "
	"atomicAdd_block(&s, 1); }\n",
	"__global__ void scopes(int *g) { atomicAdd_block(g, 1); atomicAdd(g, 1); "
	"__threadfence_block(); }\n",
	"template <typename T, int N> __device__ T dep(T *p) { T s = T(); for (int i = 0; i < N; "
	"++i) s += atomicExch(p + i, T(i)); return s; }\n",
	"__global__ void use_dep(int *p, float *f) { dep<int, 4>(p); dep<float, 2>(f); }\n",
	"struct Q { int *p; __device__ int take() { return atomicSub(p, 1); } "
	"__device__ int both() { return take() + this->take(); } };\n",
	"template <class T> struct Outer { template <class U> struct In { __device__ void f(U *u) "
	"{ atomicOr(u, U(1)); } }; };\n",
	"__global__ void inner(unsigned *u) { Outer<int>::In<unsigned>().f(u); }\n",
	"#if __CUDA_ARCH__ >= 600\n__device__ void arch_guard(double *p) { atomicAdd(p, 1.0); }\n"
	"#endif\n",
	"__global__ void half_add(__half *h) { atomicAdd(h, __float2half(1.0f)); }\n",
	"undeclared_type x;\n",
	"__global__ void broken(int *p) { atomicAdd(p); }\n",
	"template <class T> __device__ auto bad(T t) -> decltype(t.missing()) { return t.missing(); }\n",
	"__global__ void incomplete(struct Nope *n) { atomicAdd(n, 1); }\n",
	"__global__ void launcher_kernel(int *p) { } void launch(int *p) { "
	"launcher_kernel<<<1, 32>>>(p); }\n",
	"__device__ volatile int vflag; __global__ void poll() { while (!vflag) {} }\n",
	"__global__ void bounded(volatile int *go) { int n = 100; while (!*go && --n > 0) {} }\n",
	"template <typename F> __device__ void call(F f) { f(); } __global__ void kl(int *p) "
	"{ call([=] { atomicAnd(p, 1); }); }\n",
	"__global__ void sys(int *p) { atomicAdd_system(p, 1); atomicInc((unsigned *)p, 4u); "
	"atomicDec((unsigned *)p, 4u); }\n",
	"}\n",
	"{\n",
	"template <\n",
};

#define NR_FRAGMENTS (sizeof(fragments) / sizeof(fragments[0]))

static void release_env(void)
{
	clang_disposeIndex(index_);
	cal_env_release(&env);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int i;

	(void)argc;
	(void)argv;
	if (cal_env_setup(&env, NULL, 1) < 0)
		abort();
	atexit(release_env);
	REQUIRE(cal_target_set_add_list(&targets, "sm_52,sm_90", NULL, NULL) == 0);
	index_ = clang_createIndex(0, 0);
	for (i = 0; i < cal_nr_checks && i < 64; i++)
		enabled[i] = 1;
	return 0;
}

/* Splice the fragments the bytes after GEN_MAGIC choose. */
static char *generate(const uint8_t *data, size_t size)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = strlen(GEN_MAGIC); i < size; i++)
		strbuf_adds(&sb, fragments[data[i] % NR_FRAGMENTS]);
	return strbuf_detach(&sb);
}

/* Device files and /proc could make an #include block or never end. */
static void defuse_paths(char *text)
{
	static const char *const bad[] = { "/dev/", "/proc/", "/sys/" };
	size_t i;
	char *p;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		while ((p = strstr(text, bad[i])))
			p[1] = 'x';
}

static void check_findings(const struct cal_findings *list)
{
	size_t i, j;

	for (i = 0; i < list->nr; i++) {
		const struct cal_finding *f = &list->items[i];
		REQUIRE(f->check && f->message && f->range.begin.file && f->range.end.file);
		REQUIRE(f->range.begin.line >= 1 && f->range.begin.column >= 1);
		for (j = 0; j < f->nr_notes; j++)
			REQUIRE(f->notes[j].message && f->notes[j].range.begin.file);
		for (j = 0; j < f->nr_fixes; j++)
			REQUIRE(f->fixes[j].description);
	}
}

/* Host, or a device parse standing for its own target or for all. */
static void walk_source(const char *text, size_t len, int which)
{
	const struct cal_target *arch = which ? &targets.t[which - 1] : NULL;
	struct cal_parse_request req = { &env, &targets, arch, NULL, 0, 0, 0, NULL, 0, NULL, NULL };
	struct CXUnsavedFile file = { INPUT_NAME, text, (unsigned long)len };
	struct cal_findings found = { 0 };
	struct cal_parse_info info;
	struct cal_argv args = { 0 };
	CXTranslationUnit tu = NULL;

	cal_parse_args(&req, &args);
	if (clang_parseTranslationUnit2(index_, INPUT_NAME, (const char *const *)args.v, args.n,
					&file, 1, CXTranslationUnit_KeepGoing |
					CXTranslationUnit_DetailedPreprocessingRecord,
					&tu) != CXError_Success || !tu)
		goto out;
	memset(&info, 0, sizeof(info));
	info.tu = tu;
	info.main_file = INPUT_NAME;
	info.is_host = arch == NULL;
	info.arch_mask = arch ? ((uint64_t)1 << (which - 1)) : CAL_HOST_BIT;
	info.targets = &targets;
	info.arch = arch;
	info.prelude_path = env.dir;
	info.cuda_major = env.ver_major;
	cal_collect_clang_errors(tu, info.arch_mask, INPUT_NAME, NULL, &found);
	info.partial = found.nr > 0;
	cal_walk_parse(&info, enabled, &found);
	check_findings(&found);
	cal_findings_sort_merge(&found);
	clang_disposeTranslationUnit(tu);
out:
	cal_findings_release(&found);
	cal_argv_clear(&args);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;
	size_t len;

	if (size >= strlen(GEN_MAGIC) && !memcmp(data, GEN_MAGIC, strlen(GEN_MAGIC))) {
		text = generate(data, size);
	} else {
		text = xstrndup((const char *)data, size);
	}
	defuse_paths(text);
	len = strlen(text);
	walk_source(text, len, (int)(size % 3));
	free(text);
	return 0;
}
