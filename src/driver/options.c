#include "driver/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"
#include "filter/line_filter.h"
#include "opencl/opencl.h"
#include "util/diag.h"
#include "util/regex_guard.h"

#define REGEX_WANTED "a POSIX extended regular expression (no adjacent repetition operators, of modest size)"

enum opt_kind { OPT_FLAG, OPT_VALUE };

struct opt_desc {
	const char *name;	/* "--format" */
	enum opt_kind kind;
	const char *arg_name;
	const char *help;
	int (*apply)(struct cal_options *o, const char *value);
};

static int bad_value(const char *opt, const char *value, const char *expected)
{
	cal_error("invalid value '%s' for %s (expected %s)",
		value, opt, expected);
	return -1;
}

static int set_format(struct cal_options *o, const char *v)
{
	if (!strcmp(v, "text"))
		o->format = CAL_FORMAT_TEXT;
	else if (!strcmp(v, "json"))
		o->format = CAL_FORMAT_JSON;
	else if (!strcmp(v, "sarif"))
		o->format = CAL_FORMAT_SARIF;
	else
		return bad_value("--format", v, "text, json or sarif");
	return 0;
}

static int set_color(struct cal_options *o, const char *v)
{
	if (!strcmp(v, "auto"))
		o->color = CAL_COLOR_AUTO;
	else if (!strcmp(v, "always"))
		o->color = CAL_COLOR_ALWAYS;
	else if (!strcmp(v, "never"))
		o->color = CAL_COLOR_NEVER;
	else
		return bad_value("--color", v, "auto, always or never");
	return 0;
}

static int set_arch(struct cal_options *o, const char *v)
{
	const char *bad;
	int bad_len;

	if (cal_target_set_add_list(&o->targets, v, &bad, &bad_len) < 0) {
		cal_error("invalid GPU architecture '%.*s' in --cuda-arch "
			"(expected sm_XX, compute_XX or XX of a known GPU, sm_20 to sm_121, "
			"comma-separated, at most %d)",
			bad_len, bad, CAL_MAX_TARGETS);
		return -1;
	}
	return 0;
}

static int set_opencl_std(struct cal_options *o, const char *v) { (void)o; return cal_ocl_set_std(v); }
/*
 * Each word of a comma-separated list (as --cuda-arch takes), to add();
 * an empty word is an error.  Returns add's first failure.
 */
static int each_word(struct cal_options *o, const char *opt, const char *v,
		     int (*add)(struct cal_options *, const char *))
{
	const char *s = v;

	for (;;) {
		size_t n = strcspn(s, ",");
		char *word;
		int r;

		if (!n) {
			cal_error("empty item in %s '%s'", opt, v);
			return -1;
		}
		word = xstrndup(s, n);
		r = add(o, word);
		free(word);
		if (r < 0 || !s[n])
			return r;
		s += n + 1;
	}
}

static int add_one_opencl_device(struct cal_options *o, const char *v)
{
	(void)o;
	return cal_ocl_add_device(v);
}

/* A list of profiles, unless the whole value is a readable file (whose name may hold commas). */
static int add_opencl_device(struct cal_options *o, const char *v)
{
	if (!strchr(v, ',') || access(v, R_OK) == 0)
		return cal_ocl_add_device(v);
	return each_word(o, "--opencl-device", v, add_one_opencl_device);
}

static int set_fail_level(struct cal_options *o, const char *v)
{
	if (cal_severity_parse(v, &o->fail_level) < 0)
		return bad_value("--fail-level", v, "note, warning or error");
	return 0;
}

static int set_checks(struct cal_options *o, const char *v) { o->checks = v; return 0; }
static int set_cuda_path(struct cal_options *o, const char *v) { o->cuda_path = v; return 0; }
static int set_output(struct cal_options *o, const char *v) { o->output = v; return 0; }
static int set_jobs(struct cal_options *o, const char *v)
{
	char *end;
	long n = strtol(v, &end, 10);
	if (*v == '\0' || *end || n < 1 || n > 1024)
		return bad_value("-j", v, "a number of workers from 1 to 1024");
	o->jobs = (int)n;
	return 0;
}

/* A whole number from 0 to max (0: no limit). */
static int set_limit(const char *opt, const char *v, long max, const char *what, int *out)
{
	char *end;
	long n = strtol(v, &end, 10);
	if (*v == '\0' || *end || n < 0 || n > max)
		return bad_value(opt, v, what);
	*out = (int)n;
	return 0;
}

static int set_timeout(struct cal_options *o, const char *v)
{
	return set_limit("--timeout", v, 86400, "seconds from 0 (no limit) to 86400", &o->timeout);
}

static int set_memory_limit(struct cal_options *o, const char *v)
{
	return set_limit("--parse-memory-limit", v, 1048576,
			 "megabytes from 0 (no limit) to 1048576", &o->parse_memory_limit);
}

static int add_one_exclude(struct cal_options *o, const char *v)
{
	cal_argv_push(&o->exclude_words, v);
	o->excludes = (const char **)o->exclude_words.v;
	o->nr_excludes = o->exclude_words.n;
	return 0;
}

/* Globs, comma-separated ("[,]" matches a comma in a name). */
static int add_exclude(struct cal_options *o, const char *v)
{
	return each_word(o, "--exclude", v, add_one_exclude);
}

static int set_header_filter(struct cal_options *o, const char *v)
{
	if (!cal_regex_ok(v))
		return bad_value("--header-filter", v, REGEX_WANTED);
	o->header_filter = v;
	return 0;
}

static int set_exclude_header_filter(struct cal_options *o, const char *v)
{
	if (!cal_regex_ok(v))
		return bad_value("--exclude-header-filter", v, REGEX_WANTED);
	o->exclude_header_filter = v;
	return 0;
}

static int set_line_filter(struct cal_options *o, const char *v)
{
	const char *why;
	if (cal_line_filter_check(v, &why) < 0)
		return bad_value("--line-filter", v, why);
	o->line_filter = v;
	return 0;
}

static int set_summary(struct cal_options *o, const char *v) { (void)v; o->summary = 1; return 0; }
static int set_srcroot(struct cal_options *o, const char *v) { o->srcroot = v; return 0; }
static int set_compdb(struct cal_options *o, const char *v) { o->compdb = v; return 0; }
static int set_builtin(struct cal_options *o, const char *v) { (void)v; o->builtin_cuda = 1; return 0; }
static int set_list(struct cal_options *o, const char *v) { (void)v; o->list_checks = 1; return 0; }
static int set_version(struct cal_options *o, const char *v) { (void)v; o->show_version = 1; return 0; }
static int set_help(struct cal_options *o, const char *v) { (void)v; o->show_help = 1; return 0; }
static int set_per_arch(struct cal_options *o, const char *v) { (void)v; o->per_arch_parses = 1; return 0; }
static int set_host_parses(struct cal_options *o, const char *v) { (void)v; o->host_parses = 1; return 0; }
static int set_verbose(struct cal_options *o, const char *v) { (void)v; o->verbose = 1; return 0; }

static int set_fix(struct cal_options *o, const char *v) { (void)v; o->fix = 1; return 0; }
static int set_fix_dry_run(struct cal_options *o, const char *v) { (void)v; o->fix_dry_run = 1; return 0; }
static int set_export_fixes(struct cal_options *o, const char *v) { o->export_fixes = v; return 0; }
static int set_verify_nvcc(struct cal_options *o, const char *v) { (void)v; o->verify_nvcc = 1; return 0; }
static int set_cache_dir(struct cal_options *o, const char *v)
{
	o->cache_dir = v;
	o->no_cache = 0;
	return 0;
}
static int set_no_cache(struct cal_options *o, const char *v) { (void)v; o->no_cache = 1; return 0; }
static int set_launcher_fail(struct cal_options *o, const char *v) { (void)v; o->launcher_fail = 1; return 0; }
static int set_keep_env(struct cal_options *o, const char *v) { (void)v; o->keep_env = 1; return 0; }
static int set_warnings_as_errors(struct cal_options *o, const char *v)
{
	o->warnings_as_errors = v;
	return 0;
}
static int add_extra_arg(struct cal_options *o, const char *v)
{
	o->extra_args[o->nr_extra_args++] = v;
	return 0;
}
static int add_extra_arg_before(struct cal_options *o, const char *v)
{
	o->extra_args_before[o->nr_extra_args_before++] = v;
	return 0;
}
static int set_quiet(struct cal_options *o, const char *v) { (void)v; o->quiet = 1; return 0; }
static int set_lint_uncompiled(struct cal_options *o, const char *v)
{
	(void)v;
	o->lint_uncompiled = 1;
	return 0;
}
static int set_config(struct cal_options *o, const char *v) { o->config = v; return 0; }
static int set_config_file(struct cal_options *o, const char *v) { o->config_file = v; return 0; }
static int set_dump_config(struct cal_options *o, const char *v) { (void)v; o->dump_config = 1; return 0; }
static int set_system_headers(struct cal_options *o, const char *v) { (void)v; o->system_headers = 1; return 0; }
static int set_no_shared_preamble(struct cal_options *o, const char *v) { (void)v; o->no_shared_preamble = 1; return 0; }
/* Never called: --launcher takes the rest of the command line (see below). */
static int set_launcher(struct cal_options *o, const char *v) { (void)o; (void)v; return 0; }

static const struct opt_desc options[] = {
	{ "--checks", OPT_VALUE, "GLOBS", "enable/disable checks: '-*,volatile-*' (later wins)", set_checks },
	{ "--cuda-arch", OPT_VALUE, "LIST", "target GPUs, e.g. sm_52,sm_90 (default: nvcc's default), or AMD gfx targets for HIP, e.g. gfx90a,gfx1100 (docs/hip.md)", set_arch },
	{ "--opencl-std", OPT_VALUE, "STD", "OpenCL C version of .cl files: CL1.2, CL2.0 or CL3.0 (default)", set_opencl_std },
	{ "--opencl-device", OPT_VALUE, "LIST", "OpenCL device profiles: gpu (default), pocl-cpu, minimal-3.0 or a file of clinfo --json output, comma-separated or repeated", add_opencl_device },
	{ "--cuda-path", OPT_VALUE, "DIR", "CUDA toolkit to parse with", set_cuda_path },
	{ "--builtin-cuda", OPT_FLAG, NULL, "use the built-in minimal CUDA environment", set_builtin },
	{ "-j", OPT_VALUE, "N", "lint N translation units in parallel (default: one per core)", set_jobs },
	{ "--timeout", OPT_VALUE, "SEC", "give up on a file whose parses take longer (default: 300; 0: none)", set_timeout },
	{ "--parse-memory-limit", OPT_VALUE, "MB", "memory a file's parses may add (default: 4096; 0: none)", set_memory_limit },
	{ "--summary", OPT_FLAG, NULL, "print a summary table on stderr (default: on a terminal)", set_summary },
	{ "--exclude", OPT_VALUE, "GLOBS", "skip files matching these globs (comma-separated or repeated)", add_exclude },
	{ "--header-filter", OPT_VALUE, "REGEX", "report and fix headers matching REGEX (anywhere) instead of those under --srcroot", set_header_filter },
	{ "-p", OPT_VALUE, "BUILD", "read compile_commands.json from BUILD (a directory or the file); FILE|DIR select its entries", set_compdb },
	{ "--compile-commands-dir", OPT_VALUE, "DIR", "lsp: the folder of compile_commands.json (clangd's option; default: found above each file)", set_compdb },
	{ "--lint-uncompiled", OPT_FLAG, NULL, "with -p: also lint the files under DIR that have no compile command, with the nearest entry's", set_lint_uncompiled },
	{ "--format", OPT_VALUE, "FMT", "text (default), json or sarif", set_format },
	{ "--srcroot", OPT_VALUE, "DIR", "the source tree: headers outside it are not reported or fixed unless a header filter asks; SARIF paths are relative to it (default: cwd and -p's directory; SARIF: cwd)", set_srcroot },
	{ "--color", OPT_VALUE, "WHEN", "auto (default), always or never", set_color },
	{ "--fail-level", OPT_VALUE, "SEV", "lowest severity that makes the exit status 1 (default: note)", set_fail_level },
	{ "-o", OPT_VALUE, "FILE", "write the report to FILE", set_output },
	{ "--list-checks", OPT_FLAG, NULL, "list the checks and exit", set_list },
	{ "--per-arch-parses", OPT_FLAG, NULL, "one device parse per target, not one per group of targets that see the same code", set_per_arch },
	{ "--host-parses", OPT_FLAG, NULL, "always parse for the host too, even when no check needs it", set_host_parses },
	{ "--fix", OPT_FLAG, NULL, "apply the fix-its to the files in place", set_fix },
	{ "--fix-dry-run", OPT_FLAG, NULL, "print the fix-its as a unified diff; change nothing", set_fix_dry_run },
	{ "--export-fixes", OPT_VALUE, "FILE", "write the fix-its as YAML for clang-apply-replacements", set_export_fixes },
	{ "--verify-nvcc", OPT_FLAG, NULL, "with --fix: compile each rewritten file with nvcc (hipcc for gfx targets)", set_verify_nvcc },
	{ "--verbose", OPT_FLAG, NULL, "print the clang arguments of each parse", set_verbose },
	{ "--cache-dir", OPT_VALUE, "DIR", "keep the result cache in DIR (default: ./.cuatomlint-cache)", set_cache_dir },
	{ "--no-cache", OPT_FLAG, NULL, "neither read nor write the result cache", set_no_cache },
	{ "--launcher", OPT_FLAG, NULL, "COMPILER ARGS...: lint, write OBJ.cuatomlint.sarif, run the compiler", set_launcher },
	{ "--launcher-fail", OPT_FLAG, NULL, "with --launcher: findings fail the compile (exit 1)", set_launcher_fail },
	{ "--keep-env", OPT_FLAG, NULL, "keep the parses' support files (so --verbose's clang arguments can be rerun)", set_keep_env },
	{ "--warnings-as-errors", OPT_VALUE, "GLOBS", "findings of these checks are errors (clang-tidy's option)", set_warnings_as_errors },
	{ "--extra-arg", OPT_VALUE, "ARG", "append ARG to the clang arguments (repeatable)", add_extra_arg },
	{ "--extra-arg-before", OPT_VALUE, "ARG", "prepend ARG to the clang arguments (repeatable)", add_extra_arg_before },
	{ "--exclude-header-filter", OPT_VALUE, "REGEX", "no findings in headers matching REGEX", set_exclude_header_filter },
	{ "--line-filter", OPT_VALUE, "JSON", "only these lines: [{\"name\":\"k.cu\",\"lines\":[[1,9]]}]", set_line_filter },
	{ "--quiet", OPT_FLAG, NULL, "no summary table or progress, findings only", set_quiet },
	{ "--config", OPT_VALUE, "JSON", "use this .cuatomlint text for every file instead of searching", set_config },
	{ "--config-file", OPT_VALUE, "PATH", "use this .cuatomlint file for every file instead of searching", set_config_file },
	{ "--dump-config", OPT_FLAG, NULL, "print the first input's effective config and exit", set_dump_config },
	{ "--system-headers", OPT_FLAG, NULL, "report findings in system headers too", set_system_headers },
	{ "--no-shared-preamble", OPT_FLAG, NULL, "parse every file's system includes anew, not through a PCH shared by the files that begin with them", set_no_shared_preamble },
	{ "--version", OPT_FLAG, NULL, "print the version and exit", set_version },
	{ "--help", OPT_FLAG, NULL, "print this help and exit", set_help },
};

void cal_options_usage(FILE *out)
{
	size_t i;
	fputs("usage: cuatomlint [options] FILE|DIR... [-- CLANG_ARGS...]\n"
	      "       cuatomlint [options] -p BUILD [FILE|DIR...]\n"
	      "       cuatomlint merge A.sarif B.sarif... > all.sarif\n"
	      "       cuatomlint lsp [options]   (a language server on stdio: docs/editors.md)\n"
	      "       cuatomlint [options] --launcher COMPILER ARGS...\n\n"
	      "Finds misused CUDA atomics and volatile synchronization.\n\noptions:\n", out);
	for (i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		char left[40];
		snprintf(left, sizeof(left), "%s%s%s", options[i].name,
			 options[i].arg_name ? (options[i].name[1] == '-' ? "=" : " ") : "",
			 options[i].arg_name ? options[i].arg_name : "");
		fprintf(out, "  %-22s %s\n", left, options[i].help);
	}
	fputs("\nexit status: 0 no findings at or above the fail level, 1 findings, "
	      "2 usage or input error\n", out);
}

static const struct opt_desc *find_option_as_written(const char *arg, const char **inline_value)
{
	size_t i;
	for (i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		size_t len = strlen(options[i].name);
		if (strncmp(arg, options[i].name, len))
			continue;
		if (arg[len] == '\0') {
			*inline_value = NULL;
			return &options[i];
		}
		if (arg[len] == '=' && options[i].kind == OPT_VALUE) {
			*inline_value = arg + len + 1;
			return &options[i];
		}
		/* short options take a joined value too: -j8, -pbuild */
		if (len == 2 && options[i].kind == OPT_VALUE) {
			*inline_value = arg + len;
			return &options[i];
		}
	}
	return NULL;
}

/*
 * As clang-tidy, long options take one dash too (-checks=..., -header-filter
 * ...): tried before the short options' joined values (-pbuild).
 */
static const struct opt_desc *find_option(const char *arg, const char **inline_value)
{
	const struct opt_desc *d = NULL;

	if (arg[0] == '-' && arg[1] != '-' && arg[1] && arg[2]) {
		char *two = xasprintf("-%s", arg);
		d = find_option_as_written(two, inline_value);
		if (d && *inline_value)
			*inline_value = arg + (*inline_value - two) - 1;
		free(two);
		if (d && d->name[1] != '-')
			d = NULL;	/* "--j..." is no long option */
	}
	return d ? d : find_option_as_written(arg, inline_value);
}

static int parse_one_option(int argc, char **argv, int *i, struct cal_options *o)
{
	const char *value;
	const struct opt_desc *d = find_option(argv[*i], &value);

	if (!d) {
		cal_error("unknown option '%s' (see --help)", argv[*i]);
		return -1;
	}
	if (d->kind == OPT_VALUE && !value) {
		if (*i + 1 >= argc) {
			cal_error("option '%s' needs a value", d->name);
			return -1;
		}
		value = argv[++*i];
	}
	return d->apply(o, value);
}

/* The clang arguments: --extra-arg-before's, those after "--", --extra-arg's. */
static void join_clang_args(struct cal_options *o)
{
	int n = o->nr_extra_args_before + o->nr_clang_args + o->nr_extra_args, k = 0, i;

	if (!o->nr_extra_args_before && !o->nr_extra_args)
		return;
	o->joined_args = xcalloc((size_t)n + 1, sizeof(char *));
	for (i = 0; i < o->nr_extra_args_before; i++)
		o->joined_args[k++] = (char *)o->extra_args_before[i];
	for (i = 0; i < o->nr_clang_args; i++)
		o->joined_args[k++] = o->clang_args[i];
	for (i = 0; i < o->nr_extra_args; i++)
		o->joined_args[k++] = (char *)o->extra_args[i];
	o->clang_args = o->joined_args;
	o->nr_clang_args = n;
}

int cal_options_parse(int argc, char **argv, struct cal_options *o)
{
	int i;

	memset(o, 0, sizeof(*o));
	o->fail_level = CAL_SEV_NOTE;
	o->timeout = CAL_DEFAULT_TIMEOUT;
	o->parse_memory_limit = CAL_DEFAULT_PARSE_MEMORY_MB;
	o->inputs = xcalloc((size_t)argc, sizeof(char *));
	o->extra_args = xcalloc((size_t)argc, sizeof(char *));
	o->extra_args_before = xcalloc((size_t)argc, sizeof(char *));
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) {
			o->clang_args = argv + i + 1;
			o->nr_clang_args = argc - i - 1;
			break;
		}
		if (!strcmp(a, "--launcher")) {
			if (i + 1 >= argc) {
				cal_error("--launcher needs a compiler "
					"command (cuatomlint --launcher nvcc ARGS...)");
				return -1;
			}
			o->launcher_argv = argv + i + 1;
			o->launcher_argc = argc - i - 1;
			break;
		}
		if (a[0] == '-' && a[1] != '\0') {
			if (parse_one_option(argc, argv, &i, o) < 0)
				return -1;
			continue;
		}
		o->inputs[o->nr_inputs++] = argv[i];
	}
	join_clang_args(o);
	return 0;
}

void cal_options_release(struct cal_options *o)
{
	free(o->inputs);
	cal_argv_clear(&o->exclude_words);
	free(o->extra_args);
	free(o->extra_args_before);
	free(o->joined_args);
	o->extra_args = o->extra_args_before = NULL;
	o->joined_args = NULL;
	o->inputs = NULL;
	o->excludes = NULL;
	cal_ocl_release();
}
