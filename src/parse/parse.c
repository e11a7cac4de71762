#include "parse/parse.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/language.h"
#include "cuatomlint/strbuf.h"
#include "cuatomlint/version.h"

/* The newest target clang 19 can parse for. */
static const struct cal_target clang_newest = { 90, 'a' };

static unsigned arch_macro_value(const struct cal_target *t)
{
	return t->sm * 10;
}

static void add_arch_list_macro(const struct cal_target_set *set, struct cal_argv *a)
{
	struct strbuf sb = STRBUF_INIT;
	int i;
	strbuf_adds(&sb, "-D__CUDA_ARCH_LIST__=");
	for (i = 0; i < set->n; i++)
		strbuf_addf(&sb, "%s%u", i ? "," : "", arch_macro_value(&set->t[i]));
	cal_argv_push(a, sb.buf);
	strbuf_release(&sb);
}

static void add_target_args(const struct cal_target *arch, struct cal_argv *a)
{
	char name[16];

	if (!arch) {
		cal_argv_push(a, "--cuda-host-only");
		return;
	}
	cal_argv_push(a, "--cuda-device-only");
	if (arch->sm > clang_newest.sm) {
		cal_argv_pushf(a, "--cuda-gpu-arch=%s",
			       cal_target_name(clang_newest, name, sizeof(name)));
		cal_argv_push(a, "-U__CUDA_ARCH__");
		cal_argv_pushf(a, "-D__CUDA_ARCH__=%u", arch_macro_value(arch));
		cal_argv_push(a, "-U__CUDA_ARCH_FEAT_SM90_ALL");
		if (arch->suffix)
			cal_argv_pushf(a, "-D__CUDA_ARCH_FEAT_SM%u_ALL=1", arch->sm);
	} else {
		cal_argv_pushf(a, "--cuda-gpu-arch=%s",
			       cal_target_name(*arch, name, sizeof(name)));
	}
}

static void add_environment_args(const struct cal_env *env, struct cal_argv *a)
{
	if (env->cuda_path) {
		cal_argv_pushf(a, "--cuda-path=%s", env->cuda_path);
		cal_argv_push(a, "-idirafter");
		cal_argv_push(a, env->stub_dir);
	} else {
		cal_argv_push(a, "-nocudainc");
		cal_argv_push(a, "-isystem");
		cal_argv_push(a, env->builtin_dir);
		cal_argv_push(a, "-include");
		cal_argv_pushf(a, "%s/cuatomlint_cuda.h", env->builtin_dir);
		cal_argv_push(a, "-idirafter");
		cal_argv_push(a, env->stub_dir);
	}
	cal_argv_push(a, "-nocudalib");
	cal_argv_push(a, "-Wno-unknown-cuda-version");
	/*
	 * clang refuses targets its table says the installed toolkit dropped
	 * (sm_35 with CUDA 13); nvcc would too, but the user asked to judge
	 * code for them, and the tool only parses.
	 */
	cal_argv_push(a, "--no-cuda-version-check");
	cal_argv_push(a, "-D__NVCC__");
	cal_argv_pushf(a, "-D__CUDACC_VER_MAJOR__=%d", env->ver_major);
	cal_argv_pushf(a, "-D__CUDACC_VER_MINOR__=%d", env->ver_minor);
	cal_argv_pushf(a, "-D__CUDACC_VER_BUILD__=%d", env->ver_build);
}

/*
 * A HIP parse (the job's targets are gfx targets): clang's own HIP mode with
 * the HIP headers of the ROCm the environment found (toolkit.c: the user's,
 * else Debian's libamdhip64-dev under /usr), none of the CUDA environment;
 * a build's own --rocm-path (among the user's arguments) wins.  -nogpulib: a parse links no device library (and
 * Debian's ROCm 5.2 has none for gfx11).  The host parse still needs an
 * offload arch to pick the headers' AMD path: the first target's.
 */
/*
 * The ROCm a HIP parse reads: the build's last --rocm-path/--hip-path,
 * else the environment's.
 */
static const char *hip_rocm_path(const struct cal_parse_request *req)
{
	const char *path = req->env && req->env->rocm_path ? req->env->rocm_path : "/usr";
	int i;

	for (i = 0; i < req->nr_user_args; i++) {
		const char *a = req->user_args[i];
		if (!strncmp(a, "--rocm-path=", 12))
			path = a + 12;
		else if (!strncmp(a, "--hip-path=", 11))
			path = a + 11;
	}
	return path;
}

static void add_hip_args(const struct cal_parse_request *req, struct cal_argv *out)
{
	char name[16];
	const struct cal_target *arch = req->arch ? req->arch : &req->targets->t[0];
	const char *rocm = hip_rocm_path(req);
	int i;

	cal_argv_push(out, "-x");
	cal_argv_push(out, "hip");
	cal_argv_push(out, "-std=c++17");
	cal_argv_push(out, "-ferror-limit=0");
	cal_argv_push(out, "-w");	/* see cal_parse_args() */
	cal_argv_push(out, req->arch ? "--cuda-device-only" : "--cuda-host-only");
	cal_argv_pushf(out, "--offload-arch=%s", cal_target_name(*arch, name, sizeof(name)));
	cal_argv_push(out, "-nogpulib");
	cal_argv_pushf(out, "--rocm-path=%s", rocm);
	/*
	 * clang searches a ROCm's include folder after /usr/include, where
	 * Debian's HIP 5.2 headers may also be; hipcc names its own first.
	 */
	if (strcmp(rocm, "/usr"))
		cal_argv_pushf(out, "-isystem%s/include", rocm);
	for (i = 0; i < req->nr_user_args; i++)
		cal_argv_push(out, req->user_args[i]);
}

void cal_parse_args(const struct cal_parse_request *req, struct cal_argv *out)
{
	int i;

	if (req->opencl) {
		if (cal_opencl_front())
			cal_opencl_front()->parse_args(req->ocl_profile, out);
		for (i = 0; i < req->nr_user_args; i++)
			cal_argv_push(out, req->user_args[i]);
		return;
	}
	if (cal_target_set_is_gfx(req->targets)) {
		add_hip_args(req, out);
		return;
	}
	cal_argv_push(out, "-x");
	cal_argv_push(out, "cuda");
	cal_argv_push(out, "-std=c++17");
	/*
	 * nvcc's front end takes GNU's keywords ('typeof' in NCCL's
	 * GPI_ACCESS_ONCE) under every -std, as gcc's gnu++ modes do; clang's
	 * -std=c++17 would not.
	 */
	cal_argv_push(out, "-fgnu-keywords");
	/* after 20 errors clang stops instantiating templates: checks see no more */
	cal_argv_push(out, "-ferror-limit=0");
	/*
	 * The tool reads clang's errors only.  Warnings cost their analyses
	 * (a CFG per function for -Wreturn-type, in every header outside the
	 * system's): up to 3% of a parse.  The user's -W flags are dropped
	 * (nvcc_flags.c, compdb.c); errors by default stay errors.
	 */
	cal_argv_push(out, "-w");
	add_target_args(req->arch, out);
	add_environment_args(req->env, out);
	add_arch_list_macro(req->targets, out);
	cal_argv_push(out, "-include");
	cal_argv_push(out, req->env->prelude);
	if (req->pch) {
		cal_argv_push(out, "-include-pch");
		cal_argv_push(out, req->pch);
	}
	for (i = 0; i < req->nr_user_args; i++)
		cal_argv_push(out, req->user_args[i]);
	/*
	 * The toolkit's CCCL comes after the user's include folders, as with
	 * nvcc: a project that brings its own CCCL (-I or -isystem) gets it.
	 */
	if (req->env->cuda_path && req->env->cccl_include) {
		cal_argv_push(out, "-isystem");
		cal_argv_push(out, req->env->cccl_include);
	}
}

static const char *parse_error_name(enum CXErrorCode code)
{
	switch (code) {
	case CXError_Crashed: return "libclang crashed while parsing";
	case CXError_InvalidArguments: return "libclang rejected the arguments";
	case CXError_ASTReadError: return "libclang could not read the AST";
	default: return "libclang failed to parse";
	}
}

static int count_errors(CXTranslationUnit tu)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	int errors = 0;
	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
			errors++;
		clang_disposeDiagnostic(d);
	}
	return errors;
}

struct kept_tu {
	char *key;		/* the path, then each argument, NUL-separated */
	size_t key_len;
	CXTranslationUnit tu;
};

struct cal_tu_cache {
	CXIndex index;
	struct kept_tu *items;
	size_t nr, alloc;
};

/* A worker keeps the parses of one document: its targets' device parses and the host's. */
#define CAL_TU_CACHE_MAX 8

struct cal_tu_cache *cal_tu_cache_new(void)
{
	return xcalloc(1, sizeof(struct cal_tu_cache));
}

void cal_tu_cache_free(struct cal_tu_cache *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->nr; i++) {
		cal_dispose_tu(c->items[i].tu);
		free(c->items[i].key);
	}
	free(c->items);
	if (c->index)
		clang_disposeIndex(c->index);
	free(c);
}

CXIndex cal_tu_cache_index(struct cal_tu_cache *c)
{
	if (!c->index)
		c->index = clang_createIndex(0, 0);
	return c->index;
}

static char *tu_key(const char *path, const struct cal_argv *args, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	strbuf_add(&sb, path, strlen(path) + 1);
	for (i = 0; i < args->n; i++)
		strbuf_add(&sb, args->v[i], strlen(args->v[i]) + 1);
	*len = sb.len;
	return strbuf_detach(&sb);
}

static struct kept_tu *tu_find(struct cal_tu_cache *c, const char *key, size_t len)
{
	size_t i;
	for (i = 0; i < c->nr; i++)
		if (c->items[i].key_len == len && !memcmp(c->items[i].key, key, len))
			return &c->items[i];
	return NULL;
}

/* Keep tu under key (the cache owns both now); the oldest goes when it is full. */
static void tu_keep(struct cal_tu_cache *c, char *key, size_t len, CXTranslationUnit tu)
{
	if (c->nr == CAL_TU_CACHE_MAX) {
		cal_dispose_tu(c->items[0].tu);
		free(c->items[0].key);
		memmove(c->items, c->items + 1, (c->nr - 1) * sizeof(*c->items));
		c->nr--;
	}
	GROW(c->items, c->alloc, c->nr + 1);
	c->items[c->nr].key = key;
	c->items[c->nr].key_len = len;
	c->items[c->nr].tu = tu;
	c->nr++;
}

static void tu_forget(struct cal_tu_cache *c, struct kept_tu *k)
{
	cal_dispose_tu(k->tu);
	free(k->key);
	*k = c->items[--c->nr];
}

/* A kept TU of the same parse, reparsed with the request's unsaved files; else NULL. */
static CXTranslationUnit reparse_kept(const struct cal_parse_request *req, const char *key,
				      size_t len)
{
	struct kept_tu *k = tu_find(req->keep, key, len);

	if (!k)
		return NULL;
	cal_file_contents_forget(k->tu);	/* the texts change with the reparse */
	if (clang_reparseTranslationUnit(k->tu, req->nr_unsaved, req->unsaved,
					 clang_defaultReparseOptions(k->tu)) == 0)
		return k->tu;
	/* a failed reparse leaves the TU unusable: parse afresh */
	tu_forget(req->keep, k);
	return NULL;
}

CXTranslationUnit cal_parse_file(CXIndex index, const char *path,
				 const struct cal_parse_request *req,
				 int *nr_errors, char **err)
{
	struct cal_argv args = { 0 };
	CXTranslationUnit tu = NULL;
	enum CXErrorCode code = CXError_Success;
	unsigned flags = CXTranslationUnit_KeepGoing |
			 CXTranslationUnit_DetailedPreprocessingRecord;
	char *key = NULL;
	size_t key_len = 0;

	cal_dispose_pending();	/* one parse alive at a time */
	/* the driver's own path, as clang++ has it: see CUATOMLINT_CLANG_PROGRAM */
	cal_argv_push(&args, CUATOMLINT_CLANG_PROGRAM);
	cal_parse_args(req, &args);
	if (req->keep) {
		key = tu_key(path, &args, &key_len);
		tu = reparse_kept(req, key, key_len);
		flags |= CXTranslationUnit_PrecompiledPreamble |
			 CXTranslationUnit_CreatePreambleOnFirstParse;
	}
	if (!tu) {
		struct timespec start;

		clock_gettime(CLOCK_REALTIME, &start);
		code = clang_parseTranslationUnit2FullArgv(index, path, (const char *const *)args.v,
							   args.n, req->unsaved, req->nr_unsaved,
							   flags, &tu);
		if (code == CXError_Success && tu && !req->keep && !req->nr_unsaved)
			cal_file_texts_from_disk(tu, &start);
		if (req->keep && code == CXError_Success && tu) {
			tu_keep(req->keep, key, key_len, tu);
			key = NULL;
		}
	}
	free(key);
	cal_argv_clear(&args);
	*err = NULL;
	if (code != CXError_Success || !tu) {
		*err = xstrdup(parse_error_name(code));
		return NULL;
	}
	*nr_errors = count_errors(tu);
	return tu;
}

void cal_parse_release(const struct cal_parse_request *req, CXTranslationUnit tu)
{
	size_t i;

	for (i = 0; req->keep && i < req->keep->nr; i++)
		if (req->keep->items[i].tu == tu)
			return;
	cal_dispose_tu_later(tu);
}

static void error_finding(CXDiagnostic d, uint64_t arch_mask, const char *main_file,
			  struct cal_findings *out)
{
	struct cal_finding f;
	CXSourceLocation loc = clang_getDiagnosticLocation(d);

	memset(&f, 0, sizeof(f));
	if (cal_pos_from_location(loc, &f.range.begin) < 0) {
		/* driver errors (a bad argument) have no location: blame the file */
		f.range.begin.file = xstrdup(main_file);
		f.range.begin.line = 1;
		f.range.begin.column = 1;
	}
	f.range.end = f.range.begin;
	f.range.end.file = xstrdup(f.range.begin.file);
	f.check = CAL_CHECK_CLANG_ERROR;
	f.severity = CAL_SEV_ERROR;
	f.message = cal_take_string(clang_getDiagnosticSpelling(d));
	f.archs = arch_mask;
	cal_findings_take(out, &f);
}

void cal_collect_clang_errors(CXTranslationUnit tu, uint64_t arch_mask,
			      const char *main_file, const char *skip_prefix,
			      struct cal_findings *out)
{
	unsigned i, n = clang_getNumDiagnostics(tu);

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			CXFile file;
			char *name = NULL;
			clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file,
						   NULL, NULL, NULL);
			if (file)
				name = cal_take_string(clang_getFileName(file));
			if (!name || !skip_prefix || strncmp(name, skip_prefix, strlen(skip_prefix)))
				error_finding(d, arch_mask, main_file, out);
			free(name);
		}
		clang_disposeDiagnostic(d);
	}
}

/* "'mpi.h' file not found": the header's name, or NULL.  Caller frees. */
static char *missing_header(const char *message)
{
	const char *end = strstr(message, "' file not found");

	if (message[0] != '\'' || !end || end == message + 1)
		return NULL;
	return xstrndup(message + 1, (size_t)(end - message - 1));
}

/* "sm_75, sm_90 and the host": the targets of mask in words; "" for none.  Caller frees. */
static char *target_words(const struct cal_target_set *set, uint64_t mask)
{
	struct strbuf sb = STRBUF_INIT;
	char name[16];
	int i, n = 0, total = mask & CAL_HOST_BIT ? 1 : 0;

	for (i = 0; set && i < set->n; i++)
		total += (mask & ((uint64_t)1 << i)) != 0;
	for (i = 0; set && i < set->n; i++) {
		if (!(mask & ((uint64_t)1 << i)))
			continue;
		n++;
		strbuf_adds(&sb, n == 1 ? "" : n == total ? " and " : ", ");
		strbuf_adds(&sb, cal_target_name(set->t[i], name, sizeof(name)));
	}
	if (set && (mask & CAL_HOST_BIT))
		strbuf_adds(&sb, n ? " and the host" : "the host");
	return strbuf_detach(&sb);
}

static int same_counts(const struct cal_partial_parse *p)
{
	size_t i;
	for (i = 1; i < p->nr_parses; i++)
		if (p->parses[i].nr != p->parses[0].nr)
			return 0;
	return 1;
}

/*
 * "parsed partially for sm_75 and the host: 87 clang errors in each parse",
 * or, where the parses differ, each one's count: "parsed partially: 3 clang
 * errors for sm_75, 87 for sm_90, 87 for the host".
 */
static void add_counts(struct strbuf *sb, const struct cal_partial_parse *p, uint64_t mask)
{
	size_t i, n = p->parses[0].nr;
	char *who;

	if (same_counts(p)) {
		who = target_words(p->targets, mask);
		strbuf_addf(sb, "parsed partially%s%s: %zu clang error%s%s", *who ? " for " : "",
			    who, n, n == 1 ? "" : "s", p->nr_parses > 1 ? " in each parse" : "");
		free(who);
		return;
	}
	if (!p->targets) {	/* OpenCL's device profiles: no target names */
		size_t least = n, most = n;
		for (i = 1; i < p->nr_parses; i++) {
			least = p->parses[i].nr < least ? p->parses[i].nr : least;
			most = p->parses[i].nr > most ? p->parses[i].nr : most;
		}
		strbuf_addf(sb, "parsed partially: from %zu to %zu clang errors per parse", least,
			    most);
		return;
	}
	strbuf_adds(sb, "parsed partially: ");
	for (i = 0; i < p->nr_parses; i++) {
		n = p->parses[i].nr;
		who = target_words(p->targets, p->parses[i].mask);
		strbuf_addf(sb, "%s%zu%s%s%s", i ? ", " : "", n,
			    i ? "" : n == 1 ? " clang error" : " clang errors", *who ? " for " : "", who);
		free(who);
	}
}

static char *partial_message(const struct cal_partial_parse *p, uint64_t mask)
{
	const struct cal_finding *first = p->first;
	char *header = missing_header(first->message);
	struct strbuf sb = STRBUF_INIT;

	add_counts(&sb, p, mask);
	strbuf_addf(&sb, " (first: %s:%u: %s); findings after that point may be missing; "
		    "fixes withheld%s", first->range.begin.file, first->range.begin.line,
		    first->message, p->all_parses ? "" : " for those targets");
	if (header)
		strbuf_addf(&sb, "; add -I for '%s'", header);
	free(header);
	return strbuf_detach(&sb);
}

/* "67 more clang errors not shown (...)": the most any parse left out. */
static void add_hidden_note(struct cal_finding *f, const struct cal_partial_parse *p)
{
	size_t i, most = 0, least = (size_t)-1;
	char *msg;

	for (i = 0; i < p->nr_parses; i++) {
		if (p->parses[i].hidden > most)
			most = p->parses[i].hidden;
		if (p->parses[i].hidden < least)
			least = p->parses[i].hidden;
	}
	if (!most)
		return;
	msg = xasprintf("%s%zu more clang error%s%s not shown (a parse shows its first %d, those "
			"in the user's files first)", least == most ? "" : "up to ", most,
			most == 1 ? "" : "s", p->nr_parses < 2 ? "" : least == most ? " of each parse"
			: " of a parse", CAL_CLANG_ERRORS_SHOWN);
	cal_finding_add_note(f, &f->range, msg);
	free(msg);
}

void cal_partial_parse_finding(const struct cal_partial_parse *p, struct cal_findings *out)
{
	struct cal_finding f;
	size_t i;

	if (!p->nr_parses || !p->first)
		return;
	memset(&f, 0, sizeof(f));
	f.range.begin.file = xstrdup(p->main_file);
	f.range.begin.line = 1;
	f.range.begin.column = 1;
	f.range.end = f.range.begin;
	f.range.end.file = xstrdup(p->main_file);
	f.check = CAL_CHECK_PARTIAL_PARSE;
	f.severity = CAL_SEV_WARNING;
	for (i = 0; i < p->nr_parses; i++)
		f.archs |= p->parses[i].mask;
	f.message = partial_message(p, f.archs);
	add_hidden_note(&f, p);
	cal_findings_take(out, &f);
}
