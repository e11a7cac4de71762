#include "rewrite/apply.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "parse/clang_gaps.h"
#include "parse/parse.h"
#include "cuatomlint/strbuf.h"
#include "rewrite/diff.h"
#include "rewrite/export_yaml.h"
#include "rewrite/rewriter.h"
#include "parse/ast.h"

/* Is path the main file of one of the jobs? */
static int has_job(const struct cal_fix_jobs *jobs, const char *path)
{
	size_t i;
	for (i = 0; i < jobs->nr; i++)
		if (!strcmp(jobs->items[i].file, path))
			return 1;
	return 0;
}

/* Per job: does the fix stage look at it again, and its errors before. */
struct job_check {
	int affected;
	int baseline;
	int want;	/* count_all(): parse this job */
	int errors;	/* count_all()'s result */
	char *failed;	/* count_all(): why the parse gave no result, or NULL */
	int planned;	/* cal_fix_predict(): its errors with the planned texts */
};

/* The planned texts of the rewritten files, for parses made before writing. */
struct planned_texts {
	struct CXUnsavedFile *files;
	unsigned nr;
};

/*
 * The texts a re-parse sees: the planned ones (NULL: none) over the
 * request's unsaved ones; *n their number (the caller frees the array).
 */
static struct CXUnsavedFile *texts_of(const struct cal_fix_request *fr,
				      const struct planned_texts *planned, unsigned *n)
{
	unsigned np = planned ? planned->nr : 0, i, j;
	struct CXUnsavedFile *all = xcalloc(np + fr->nr_unsaved + 1, sizeof(*all));

	for (*n = 0; *n < np; (*n)++)
		all[*n] = planned->files[*n];
	for (i = 0; i < fr->nr_unsaved; i++) {
		for (j = 0; j < np && strcmp(planned->files[j].Filename, fr->unsaved[i].Filename); j++)
			;
		if (j == np)
			all[(*n)++] = fr->unsaved[i];
	}
	return all;
}

/* clang's errors over the host parse and every target's device parse, known gaps aside. */
static int count_errors(CXIndex index, const struct cal_fix_request *fr,
			const struct cal_fix_job *job, const struct planned_texts *planned)
{
	const struct cal_env *env = fr->env;
	unsigned nr_texts;
	struct CXUnsavedFile *texts = texts_of(fr, planned, &nr_texts);
	int i, total = 0;

	for (i = -1; i < job->targets.n; i++) {
		struct cal_parse_request req = { env, &job->targets,
						 i < 0 ? NULL : &job->targets.t[i],
						 job->args.v, job->args.n, job->opencl, 0,
						 nr_texts ? texts : NULL, nr_texts,
						 NULL, NULL };
		int nr_errors = 0;
		char *err = NULL;
		CXTranslationUnit tu = cal_parse_file(index, job->file, &req, &nr_errors, &err);
		if (!tu) {
			free(err);
			free(texts);
			return total + 1;
		}
		/* not the user's: the lint parses do not count them either */
		total += nr_errors - (int)cal_clang_gaps_count(tu, req.arch,
								cal_clang_gaps_rdc(&job->args));
		cal_dispose_tu(tu);
	}
	free(texts);
	return total;
}

/* The parses of count_all_of(), each run by the request's runner. */
struct count_tasks {
	const struct cal_fix_request *req;
	size_t *wanted;		/* the jobs to parse, in job order */
	const struct planned_texts *planned;	/* NULL: the files as they are */
	int rewritten;		/* the parses see rewritten texts (for the fault hooks) */
};

/*
 * Test hooks for the parses of rewritten texts of files named fault-*:
 * CUATOMLINT_FAULT=reparse-crash crashes the parse (SIGSEGV, past any
 * handler a sanitizer installed), reparse-hang blocks it, reparse-memory
 * grows it until memory runs out (then aborts, as libclang does);
 * reparse-crash-before crashes the parse of the files as they are instead.
 */
static void reparse_fault(const char *file, int rewritten)
{
	const char *base = strrchr(file, '/');
	const size_t chunk = (size_t)1 << 20;

	if (strncmp(base ? base + 1 : file, "fault-", 6))
		return;
	if (cal_fault(rewritten ? "reparse-crash" : "reparse-crash-before")) {
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
	}
	while (rewritten && cal_fault("reparse-hang"))
		pause();
	while (rewritten && cal_fault("reparse-memory")) {
		void *p = mmap(NULL, chunk, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			       -1, 0);
		if (p == MAP_FAILED)
			abort();
		memset(p, 1, chunk);
	}
}

static int count_one(size_t k, void *arg)
{
	struct count_tasks *ct = arg;
	const struct cal_fix_job *job = &ct->req->jobs->items[ct->wanted[k]];
	CXIndex index = clang_createIndex(0, 0);
	int n;

	reparse_fault(job->file, ct->rewritten);
	n = count_errors(index, ct->req, job, ct->planned);
	clang_disposeIndex(index);
	return n;
}

/*
 * Fill jc[i].errors, or jc[i].failed, for every job with jc[i].want, each
 * in a process of its own (the request's runner), parsing the planned
 * texts where planned is given.
 */
static void count_all_of(const struct cal_fix_request *req, struct job_check *jc,
			 const struct planned_texts *planned, int rewritten)
{
	struct count_tasks ct = { req, xcalloc(req->jobs->nr + 1, sizeof(size_t)), planned,
				  rewritten };
	int *errors = xcalloc(req->jobs->nr + 1, sizeof(int));
	char **failed = xcalloc(req->jobs->nr + 1, sizeof(char *));
	size_t i, nr_wanted = 0;

	for (i = 0; i < req->jobs->nr; i++)
		if (jc[i].want)
			ct.wanted[nr_wanted++] = i;
	req->runner->run(req->runner, nr_wanted, count_one, &ct, errors, failed);
	for (i = 0; i < nr_wanted; i++) {
		struct job_check *c = &jc[ct.wanted[i]];
		c->errors = errors[i];
		free(c->failed);
		c->failed = failed[i];
	}
	free(ct.wanted);
	free(errors);
	free(failed);
}

static void count_all(const struct cal_fix_request *req, struct job_check *jc)
{
	count_all_of(req, jc, NULL, 0);
}

static void job_checks_free(struct job_check *jc, size_t nr)
{
	size_t i;
	for (i = 0; i < nr; i++)
		free(jc[i].failed);
	free(jc);
}

/*
 * Which jobs see a rewritten file: a job whose own file changes, and
 * every job when a header changes (which jobs include it is not
 * recorded).  All of them are measured now, before anything is written:
 * a job's own parse can have clang errors too (calls an old target's
 * headers do not declare, which arch-unsupported findings explain), and
 * a fix elsewhere in the file must not be rolled back for them.
 */
static void set_affected(const struct cal_fix_request *req, const struct cal_rewriter *rw,
			 struct job_check *jc)
{
	int header_changed = 0;
	size_t i;

	for (i = 0; i < rw->nr_files; i++)
		if (cal_rewriter_changes(&rw->files[i]) &&
		    !has_job(req->jobs, rw->files[i].path))
			header_changed = 1;
	for (i = 0; i < req->jobs->nr; i++) {
		const struct cal_fix_job *job = &req->jobs->items[i];
		long f = cal_rewriter_find_file(rw, job->file);
		int own = f >= 0 && cal_rewriter_changes(&rw->files[f]);
		jc[i].affected = own || header_changed;
		jc[i].want = jc[i].affected;
	}
}

/* Is path one of the files a job's rewrite touches: its own, or a header? */
static int job_sees(const struct cal_fix_jobs *jobs, const struct cal_fix_job *job,
		    const char *path)
{
	return !strcmp(path, job->file) || !has_job(jobs, path);
}

/*
 * Before writing: a job whose parse failed (crashed, timed out, out of
 * memory) cannot be checked after the rewrite, so its files stay as they are.
 */
static void withhold_failed(const struct cal_fix_request *req, struct cal_rewriter *rw,
			    const struct job_check *jc)
{
	size_t i, f;

	for (i = 0; i < req->jobs->nr; i++) {
		const struct cal_fix_job *job = &req->jobs->items[i];
		char *why;
		if (!jc[i].want || !jc[i].failed)
			continue;
		why = xasprintf("re-parse of '%s' failed: %s", job->file, jc[i].failed);
		for (f = 0; f < rw->nr_files; f++)
			if (job_sees(req->jobs, job, rw->files[f].path))
				cal_rewriter_withhold(rw, f, why);
		free(why);
	}
}

static void mark_affected(const struct cal_fix_request *req, struct cal_rewriter *rw,
			  struct job_check *jc)
{
	size_t i;

	set_affected(req, rw, jc);
	count_all(req, jc);
	for (i = 0; i < req->jobs->nr; i++)
		jc[i].baseline = jc[i].want ? jc[i].errors : 0;
	withhold_failed(req, rw, jc);
}

/* Roll back the job's own file and every rewritten header. */
static void roll_back_job(const struct cal_fix_request *req, struct cal_rewriter *rw,
			  const struct cal_fix_job *job, const char *why)
{
	size_t i;

	for (i = 0; i < rw->nr_files; i++)
		if (job_sees(req->jobs, job, rw->files[i].path))
			cal_rewriter_rollback(rw, i, why);
}

static int job_written(const struct cal_rewriter *rw, const struct cal_fix_jobs *jobs,
		       const struct cal_fix_job *job)
{
	size_t i;
	for (i = 0; i < rw->nr_files; i++)
		if (rw->files[i].state == CAL_FILE_WRITTEN && job_sees(jobs, job, rw->files[i].path))
			return 1;
	return 0;
}

/* Why job i's rewrite cannot be kept (allocated), or NULL. */
static char *reparse_verdict(const struct cal_fix_job *job, const struct job_check *c)
{
	int after;

	if (c->failed)
		return xasprintf("re-parse of '%s' failed: %s", job->file, c->failed);
	after = c->errors + cal_fault("reparse");
	if (after > c->baseline)
		return xasprintf("re-parsing '%s' gave %d clang errors, %d before the rewrite",
				 job->file, after, c->baseline);
	return NULL;
}

static void reparse(const struct cal_fix_request *req, struct cal_rewriter *rw,
		    struct job_check *jc)
{
	size_t i;

	for (i = 0; i < req->jobs->nr; i++)
		jc[i].want = jc[i].affected && job_written(rw, req->jobs, &req->jobs->items[i]);
	count_all_of(req, jc, NULL, 1);
	for (i = 0; i < req->jobs->nr; i++) {
		const struct cal_fix_job *job = &req->jobs->items[i];
		char *why;
		if (!jc[i].want || !job_written(rw, req->jobs, job))
			continue;
		why = reparse_verdict(job, &jc[i]);
		if (why)
			roll_back_job(req, rw, job, why);
		free(why);
	}
}

/* The arguments nvcc gets from a job: includes, defines and the standard. */
static void nvcc_user_args(const struct cal_fix_job *job, struct cal_argv *out)
{
	static const char *const with_value[] = { "-I", "-D", "-U", "-isystem", "-include", NULL };
	int i, j;

	for (i = 0; i < job->args.n; i++) {
		const char *a = job->args.v[i];
		for (j = 0; with_value[j]; j++) {
			if (!strcmp(a, with_value[j]) && i + 1 < job->args.n) {
				cal_argv_push(out, a);
				cal_argv_push(out, job->args.v[++i]);
				break;
			}
			if (!strncmp(a, with_value[j], strlen(with_value[j]))) {
				cal_argv_push(out, a);
				break;
			}
		}
		if (!with_value[j] && !strncmp(a, "-std=", 5))
			cal_argv_push(out, a);
	}
}

static int run_program(char *const *argv, FILE *log)
{
	pid_t pid;
	int status;

	fflush(log);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(fileno(log), STDOUT_FILENO);
		execv(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/*
 * nvcc runs its compilation steps through `sh -c` lines it builds from its
 * own arguments, unquoted: an argument with a shell metacharacter would run
 * as a command.  Only arguments made of these characters are handed to it
 * (no blank, quote, $, backquote, ;, |, &, <, >, (, ), *, ?, [, ], {, },
 * ~, #, !, backslash or newline).
 */
static int nvcc_safe_arg(const char *a)
{
	static const char safe_punct[] = "_-./+,=:@%";
	const unsigned char *p;

	for (p = (const unsigned char *)a; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || strchr(safe_punct, *p)))
			return 0;
	return 1;
}

/* The first argument nvcc must not get, or NULL. */
static const char *nvcc_unsafe_arg(const struct cal_argv *argv)
{
	int i;
	for (i = 0; i < argv->n; i++)
		if (!nvcc_safe_arg(argv->v[i]))
			return argv->v[i];
	return NULL;
}

static void refuse_unsafe(const struct cal_fix_request *req, const struct cal_fix_job *job,
			  const char *arg)
{
	char *shown = xstrdup(arg), *p;

	for (p = shown; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';	/* one line, whatever the argument holds */
	fprintf(req->log, "cuatomlint: error: rewritten '%s' not verified: nvcc would hand "
		"the argument '%s' to a shell\n", job->file, shown);
	free(shown);
}

/*
 * The file nvcc compiles is a copy under a name of our own choosing,
 * dir/tu.cu in a fresh temporary directory; the original's directory goes
 * first on the include path so that its quoted includes still resolve.
 */
struct nvcc_copy {
	char *dir, *file;
};

static int nvcc_copy_make(const char *src, struct nvcc_copy *copy)
{
	const char *tmp = getenv("TMPDIR");
	struct strbuf text = STRBUF_INIT;
	FILE *f;
	int ok;

	copy->dir = xasprintf("%s/cuatomlint-nvcc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	copy->file = NULL;
	if (!mkdtemp(copy->dir) || read_file(src, &text) < 0) {
		strbuf_release(&text);
		return -1;
	}
	copy->file = xasprintf("%s/tu.cu", copy->dir);
	f = fopen(copy->file, "wb");
	ok = f && fwrite(text.buf, 1, text.len, f) == text.len;
	if (f && fclose(f) != 0)
		ok = 0;
	strbuf_release(&text);
	return ok ? 0 : -1;
}

static void nvcc_copy_remove(struct nvcc_copy *copy)
{
	if (copy->file)
		unlink(copy->file);
	if (copy->dir)
		rmdir(copy->dir);
	free(copy->file);
	free(copy->dir);
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return xstrdup(".");
	return slash == path ? xstrdup("/") : xstrndup(path, (size_t)(slash - path));
}

static void nvcc_args(const struct cal_fix_request *req, const struct cal_fix_job *job,
		      const char *arch, const char *file, struct cal_argv *argv)
{
	char *dir = dir_of(job->file);

	cal_argv_pushf(argv, "%s/bin/nvcc", req->env->cuda_path);
	cal_argv_push(argv, "-c");
	cal_argv_push(argv, "-o");
	cal_argv_push(argv, "/dev/null");
	cal_argv_push(argv, "-x");
	cal_argv_push(argv, "cu");
	cal_argv_pushf(argv, "-arch=%s", arch);
	cal_argv_pushf(argv, "-I%s", dir);
	nvcc_user_args(job, argv);
	cal_argv_push(argv, file);
	free(dir);
}

/*
 * A HIP job's gfx targets are compiled by hipcc, found on PATH (absolute
 * entries only): '-fgpu-rdc -nogpulib' compiles the device code without
 * linking the device libraries, which Debian's ROCm has for no gfx11.
 */
static const char *hipcc_path(void)
{
	static char found[PATH_MAX];
	const char *path = getenv("PATH"), *p, *end;

	if (found[0])
		return found;
	for (p = path; p && *p; p = *end ? end + 1 : end) {
		end = strchr(p, ':');
		if (!end)
			end = p + strlen(p);
		if (*p == '/' && (size_t)(end - p) + sizeof("/hipcc") <= sizeof(found)) {
			snprintf(found, sizeof(found), "%.*s/hipcc", (int)(end - p), p);
			if (access(found, X_OK) == 0)
				return found;
		}
		found[0] = 0;
	}
	return NULL;
}

static void hipcc_args(const struct cal_fix_job *job, const char *arch, const char *file,
		       struct cal_argv *argv)
{
	char *dir = dir_of(job->file);

	cal_argv_push(argv, hipcc_path());
	cal_argv_push(argv, "-c");
	cal_argv_push(argv, "-o");
	cal_argv_push(argv, "/dev/null");
	cal_argv_push(argv, "-x");
	cal_argv_push(argv, "hip");
	cal_argv_pushf(argv, "--offload-arch=%s", arch);
	cal_argv_push(argv, "-fgpu-rdc");
	cal_argv_push(argv, "-nogpulib");
	cal_argv_pushf(argv, "-I%s", dir);
	nvcc_user_args(job, argv);
	cal_argv_push(argv, file);
	free(dir);
}

static int nvcc_one(const struct cal_fix_request *req, const struct cal_fix_job *job,
		    struct cal_target t)
{
	struct cal_argv argv = { 0 };
	struct nvcc_copy copy = { NULL, NULL };
	const char *bad, *tool = cal_target_is_gfx(t) ? "hipcc" : "nvcc";
	char name[16];
	int rc = -1;

	cal_target_name(t, name, sizeof(name));
	if (cal_target_is_gfx(t))
		hipcc_args(job, name, "tu.cu", &argv);
	else
		nvcc_args(req, job, name, "tu.cu", &argv);
	bad = nvcc_unsafe_arg(&argv);
	if (bad) {
		refuse_unsafe(req, job, bad);
		goto out;
	}
	if (nvcc_copy_make(job->file, &copy) < 0) {
		fprintf(req->log, "cuatomlint: error: rewritten '%s' not verified: cannot copy "
			"it to a temporary directory: %s\n", job->file, strerror(errno));
		goto out;
	}
	free(argv.v[argv.n - 1]);
	argv.v[argv.n - 1] = xstrdup(copy.file);
	bad = nvcc_unsafe_arg(&argv);
	rc = bad ? -1 : run_program(argv.v, req->log);
	if (bad)
		refuse_unsafe(req, job, bad);	/* TMPDIR's name */
	else if (rc)
		fprintf(req->log, "cuatomlint: error: %s failed on rewritten '%s' for %s "
			"(exit status %d)\n", tool, job->file, name, rc);
	else
		fprintf(req->log, "cuatomlint: %s compiles rewritten '%s' for %s\n", tool,
			job->file, name);
out:
	nvcc_copy_remove(&copy);
	cal_argv_clear(&argv);
	return rc ? -1 : 0;
}

static int verify_nvcc(const struct cal_fix_request *req, const struct cal_rewriter *rw,
		       const struct job_check *jc)
{
	size_t i;
	int j, r = 0;
	char name[16];

	for (i = 0; i < req->jobs->nr; i++) {
		const struct cal_fix_job *job = &req->jobs->items[i];
		if (!jc[i].affected || !job_written(rw, req->jobs, job))
			continue;
		for (j = 0; j < job->targets.n; j++) {
			struct cal_target t = job->targets.t[j];
			if (cal_target_is_gfx(t) && !hipcc_path())
				fprintf(req->log, "cuatomlint: note: --verify-nvcc skips %s for '%s': "
					"no hipcc on PATH\n", cal_target_name(t, name, sizeof(name)),
					job->file);
			else if (cal_target_is_gfx(t)) {
				if (nvcc_one(req, job, t) < 0)
					r = -1;
			} else if (!req->env->cuda_path) {
				fprintf(req->log, "cuatomlint: error: --verify-nvcc needs a CUDA "
					"toolkit (not the built-in environment)\n");
				return -1;
			} else if (t.sm < CAL_NVCC_MIN_SM)
				fprintf(req->log, "cuatomlint: note: --verify-nvcc skips %s for '%s': "
					"nvcc %d compiles for sm_%d and newer only\n",
					cal_target_name(t, name, sizeof(name)), job->file,
					req->env->ver_major, CAL_NVCC_MIN_SM);
			else if (nvcc_one(req, job, t) < 0)
				r = -1;
		}
	}
	return r;
}

/* path below root ("root/" + rest): rest, else NULL. */
static const char *below(const char *path, const char *root)
{
	size_t n = strlen(root);

	if (n == 1 && root[0] == '/')
		return path[0] == '/' ? path + 1 : NULL;
	return !strncmp(path, root, n) && path[n] == '/' ? path + n + 1 : NULL;
}

/*
 * The name a diff gives path: relative to --srcroot, or to the current
 * directory, so that `patch -p1` and `git apply` accept the diff there.
 * A relative path without --srcroot is kept as written; a file outside
 * the root keeps its absolute name.
 */
static char *diff_path(const char *path, const char *srcroot)
{
	char root[PATH_MAX], cwd[PATH_MAX], *abs, *real, *r = NULL;
	const char *rest;

	if ((!srcroot && path[0] != '/') || !realpath(srcroot ? srcroot : ".", root))
		return xstrdup(path);
	abs = path[0] == '/' || !getcwd(cwd, sizeof(cwd)) ? xstrdup(path)
							 : xasprintf("%s/%s", cwd, path);
	if ((rest = below(abs, root)))
		r = xstrdup(rest);
	else if ((real = realpath(path, NULL))) {
		if ((rest = below(real, root)))
			r = xstrdup(rest);
		free(real);
	}
	free(abs);
	return r ? r : xstrdup(path);
}

static void print_diffs(const struct cal_fix_request *req, const struct cal_rewriter *rw)
{
	struct strbuf out = STRBUF_INIT;
	size_t i;

	for (i = 0; i < rw->nr_files; i++) {
		const struct cal_rw_file *f = &rw->files[i];
		char *name;
		if (!cal_rewriter_changes(f))
			continue;
		name = diff_path(f->path, req->srcroot);
		cal_diff_unified(&out, name, f->original.buf, f->original.len, f->result.buf,
				 f->result.len);
		free(name);
	}
	fwrite(out.buf, 1, out.len, req->out);
	fflush(req->out);
	strbuf_release(&out);
}

static size_t count_changed(const struct cal_rewriter *rw)
{
	size_t i, n = 0;
	for (i = 0; i < rw->nr_files; i++)
		n += cal_rewriter_changes(&rw->files[i]);
	return n;
}

static int apply(const struct cal_fix_request *req, struct cal_rewriter *rw)
{
	struct job_check *jc = xcalloc(req->jobs->nr + 1, sizeof(*jc));
	int r = 0;

	mark_affected(req, rw, jc);
	if (cal_rewriter_write(rw) < 0)
		r = -1;
	reparse(req, rw, jc);
	fprintf(req->log, "cuatomlint: applied %zu fixes in %zu files\n",
		cal_rewriter_count_fixes(rw, CAL_FIX_TAKEN), cal_rewriter_count_written(rw));
	if (req->verify_nvcc && verify_nvcc(req, rw, jc) < 0)
		r = -1;
	job_checks_free(jc, req->jobs->nr);
	return r;
}

int cal_fix_run(const struct cal_fix_request *req, const struct cal_findings *list)
{
	struct cal_rewriter rw;
	int r = 0;

	cal_rewriter_init(&rw, req->log);
	cal_rewriter_add_findings(&rw, list);
	if (cal_rewriter_plan(&rw) < 0)
		r = -1;
	if (req->export_path &&
	    cal_export_yaml_file(req->export_path, &rw,
				 req->jobs->nr ? req->jobs->items[0].file : NULL) < 0)
		r = -1;
	if (req->dry_run) {
		print_diffs(req, &rw);
		fprintf(req->log, "cuatomlint: would apply %zu fixes in %zu files\n",
			cal_rewriter_count_fixes(&rw, CAL_FIX_TAKEN), count_changed(&rw));
	} else if (req->apply && apply(req, &rw) < 0) {
		r = -1;
	}
	if (rw.nr_errors)
		r = -1;
	cal_rewriter_release(&rw);
	return r;
}

/* Mark what --fix would not keep with the job: its own file's fixes and the headers'. */
static void withhold_job(struct cal_rewriter *rw, const struct cal_fix_jobs *jobs,
			 const struct cal_fix_job *job, const char *reason)
{
	size_t i, j;

	for (i = 0; i < rw->nr_fixes; i++) {
		struct cal_fix *fix = (struct cal_fix *)rw->fixes[i].fix;
		for (j = 0; j < fix->nr_edits && !fix->not_applied; j++)
			if (job_sees(jobs, job, fix->edits[j].file))
				fix->not_applied = reason;
	}
}

/* A parse of job i failed: withhold its fixes, with one line. */
static void withhold_failed_job(const struct cal_fix_request *req, struct cal_rewriter *rw,
				const struct job_check *c, size_t i)
{
	const struct cal_fix_job *job = &req->jobs->items[i];

	fprintf(req->log, "cuatomlint: error: withholding the fixes of '%s': re-parse of '%s' "
		"failed: %s\n", job->file, job->file, c->failed);
	withhold_job(rw, req->jobs, job, cal_fix_reparse_failed);
}

/* Parse the planned texts, then the files as they are where those have errors. */
static int predict_jobs(const struct cal_fix_request *req, struct cal_rewriter *rw,
			const struct planned_texts *planned)
{
	struct job_check *jc = xcalloc(req->jobs->nr + 1, sizeof(*jc));
	size_t i;
	int failures = 0;

	set_affected(req, rw, jc);
	count_all_of(req, jc, planned, 1);
	for (i = 0; i < req->jobs->nr; i++) {
		if (jc[i].want && jc[i].failed) {
			withhold_failed_job(req, rw, &jc[i], i);
			failures++;
			jc[i].want = 0;
			continue;
		}
		jc[i].planned = jc[i].errors + cal_fault("reparse");
		jc[i].want = jc[i].affected && jc[i].planned > 0;
	}
	count_all(req, jc);
	for (i = 0; i < req->jobs->nr; i++) {
		if (jc[i].want && jc[i].failed) {
			withhold_failed_job(req, rw, &jc[i], i);
			failures++;
		} else if (jc[i].want && jc[i].planned > jc[i].errors)
			withhold_job(rw, req->jobs, &req->jobs->items[i],
				     cal_fix_rollback_predicted);
	}
	job_checks_free(jc, req->jobs->nr);
	return failures;
}

int cal_fix_predict(const struct cal_fix_request *req, struct cal_findings *list)
{
	struct cal_rewriter rw;
	struct planned_texts planned = { NULL, 0 };
	size_t i;
	int failures = 0;

	cal_rewriter_init(&rw, NULL);
	cal_rewriter_add_findings(&rw, list);
	cal_rewriter_plan(&rw);
	planned.files = xcalloc(rw.nr_files + 1, sizeof(*planned.files));
	for (i = 0; i < rw.nr_files; i++)
		if (rw.files[i].state == CAL_FILE_OK && cal_rewriter_changes(&rw.files[i]))
			planned.files[planned.nr++] = (struct CXUnsavedFile){
				rw.files[i].path, rw.files[i].result.buf,
				(unsigned long)rw.files[i].result.len };
	if (planned.nr)
		failures = predict_jobs(req, &rw, &planned);
	free(planned.files);
	cal_rewriter_release(&rw);
	return failures;
}
