#include "driver/nvcc_flags.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"
#include "opencl/opencl.h"

#define MAX_OPTIONS_FILE_DEPTH 8

struct xlate {
	struct cal_compile_command *cmd;
	int depth;			/* --options-file nesting */
	int in_host_options;		/* inside -Xcompiler's list */
	int have_arch;			/* -arch or -gencode named a target */
	struct cal_target_set code_targets;	/* from -code: used without -arch */
	char *err;
};

/*
 * How a flag takes its value: FLAG none; VALUE "-f v" or "-f=v"; JOINED
 * also "-fv" (-I, -D ...).
 */
enum flag_form { FLAG, VALUE, JOINED };

struct flag_desc {
	const char *names[4];
	enum flag_form form;
	int (*apply)(struct xlate *x, const char *flag, const char *value);
};

static int translate_words(struct xlate *x, char *const *argv, int argc);

static void note(struct xlate *x, const char *fmt, const char *arg)
{
	cal_argv_pushf(&x->cmd->notes, fmt, arg);
}

char *cal_path_join(const char *dir, const char *path)
{
	if (path[0] == '/' || !dir || !dir[0])
		return path_normalize(xstrdup(path));
	return path_normalize(xasprintf("%s/%s", dir, path));
}

static void push_path(struct xlate *x, const char *flag, const char *path)
{
	char *abs = cal_path_join(x->cmd->directory, path);
	if (flag[1] == 'I')
		cal_argv_pushf(&x->cmd->clang_args, "-I%s", abs);
	else {
		cal_argv_push(&x->cmd->clang_args, flag);
		cal_argv_push(&x->cmd->clang_args, abs);
	}
	free(abs);
}

/* --- targets ------------------------------------------------------------ */

static const char *const all_archs = "75,80,86,87,88,89,90,100,103,110,120,121";
static const char *const all_major_archs = "75,80,90,100,110,120";

static int add_targets(struct xlate *x, struct cal_target_set *set, const char *list);

static int add_one_target(struct xlate *x, struct cal_target_set *set,
			  const char *name, size_t len)
{
	struct cal_target t;
	char *word = xstrndup(name, len);
	int r = 0;

	if (!strcmp(word, "native")) {
		note(x, "%s: the build machine's GPU is unknown here; using the toolkit's default target", "-arch=native");
	} else if (!strcmp(word, "all") || !strcmp(word, "all-major")) {
		note(x, "-arch=%s: assuming the CUDA 13 list of architectures", word);
		r = add_targets(x, set, word[3] ? all_major_archs : all_archs);
	} else if (cal_target_parse(word, &t) < 0) {
		x->err = xasprintf("invalid GPU architecture '%s'", word);
		r = -1;
	} else {
		cal_target_set_add(set, t);
	}
	free(word);
	return r;
}

/* A comma-separated list, possibly in [ ] or quotes: "sm_75,compute_75". */
static int add_targets(struct xlate *x, struct cal_target_set *set, const char *list)
{
	const char *p = list, *end;
	size_t len;

	while (*p) {
		while (*p == ',' || *p == '[' || *p == ']' || *p == '"' || *p == '\'' ||
		       isspace((unsigned char)*p))
			p++;
		end = p;
		while (*end && !strchr(",[]\"' ", *end))
			end++;
		len = (size_t)(end - p);
		if (len && add_one_target(x, set, p, len) < 0)
			return -1;
		p = end;
	}
	return 0;
}

static int apply_arch(struct xlate *x, const char *flag, const char *value)
{
	x->have_arch = 1;
	return add_targets(x, &x->cmd->targets, value);
}

static int apply_code(struct xlate *x, const char *flag, const char *value)
{
	return add_targets(x, &x->code_targets, value);
}

/* The value of key in "arch=compute_75,code=[compute_75,sm_75]", or NULL. */
static char *gencode_field(const char *spec, const char *key)
{
	size_t klen = strlen(key);
	const char *p = spec, *end;
	int depth;

	while (*p) {
		while (*p == ',' || *p == '"' || *p == '\'' || isspace((unsigned char)*p))
			p++;
		for (end = p, depth = 0; *end && (depth || *end != ','); end++)
			depth += (*end == '[') - (*end == ']');
		if (!strncmp(p, key, klen) && p[klen] == '=')
			return xstrndup(p + klen + 1, (size_t)(end - p - klen - 1));
		p = end;
	}
	return NULL;
}

/*
 * -gencode arch=compute_XX,code=...: device code is compiled for the
 * virtual arch (that is the __CUDA_ARCH__ it sees) and then assembled for
 * each code; so the target is the arch field, or the code list without it.
 */
static int apply_gencode(struct xlate *x, const char *flag, const char *value)
{
	char *arch = gencode_field(value, "arch");
	char *code = gencode_field(value, "code");
	int r;

	if (!arch && !code) {
		x->err = xasprintf("cannot read '%s %s' (expected arch=compute_XX,code=sm_XX)",
				   flag, value);
		r = -1;
	} else {
		x->have_arch = 1;
		r = add_targets(x, &x->cmd->targets, arch ? arch : code);
	}
	free(arch);
	free(code);
	return r;
}

static int apply_clang_arch(struct xlate *x, const char *flag, const char *value)
{
	return apply_arch(x, flag, value);
}

/* --- flags that reach the parse ----------------------------------------- */

static int apply_include_dir(struct xlate *x, const char *flag, const char *value)
{
	push_path(x, strncmp(flag, "--include", 9) ? flag : "-I", value);
	return 0;
}

static int apply_isystem(struct xlate *x, const char *flag, const char *value)
{
	push_path(x, "-isystem", value);
	return 0;
}

static int apply_preinclude(struct xlate *x, const char *flag, const char *value)
{
	push_path(x, "-include", value);
	return 0;
}

static int apply_define(struct xlate *x, const char *flag, const char *value)
{
	cal_argv_pushf(&x->cmd->clang_args, "-D%s", value);
	return 0;
}

static int apply_undef(struct xlate *x, const char *flag, const char *value)
{
	cal_argv_pushf(&x->cmd->clang_args, "-U%s", value);
	return 0;
}

/*
 * hipcc's --rocm-path/--hip-path: the user's ROCm, whose HIP headers the
 * build compiles against (ROCm 6's hip_bf16.h, the _sync warp functions),
 * reaches the parse and wins over the default (parse.c); a folder without
 * HIP headers is dropped with a note, and the default stays.
 */
static int apply_rocm_path(struct xlate *x, const char *flag, const char *value)
{
	const char *name = strncmp(flag, "--hip-path", 10) ? "--rocm-path" : "--hip-path";
	char *abs = cal_path_join(x->cmd->directory, value);
	char *header = xasprintf("%s/include/hip/hip_runtime.h", abs);

	if (access(header, R_OK) == 0)
		cal_argv_pushf(&x->cmd->clang_args, "%s=%s", name, abs);
	else
		note(x, "%s: no include/hip/hip_runtime.h there; the default HIP headers are used",
		     name);
	free(header);
	free(abs);
	return 0;
}

static int apply_std(struct xlate *x, const char *flag, const char *value)
{
	cal_argv_pushf(&x->cmd->clang_args, "-std=%s", value);
	return 0;
}

static int apply_lang(struct xlate *x, const char *flag, const char *value)
{
	x->cmd->is_hip = !strcmp(value, "hip");
	x->cmd->is_cuda = !strcmp(value, "cu") || !strcmp(value, "cuda") || x->cmd->is_hip;
	x->cmd->is_opencl = cal_ocl_is_lang(value);
	return 0;
}

static int apply_rdc(struct xlate *x, const char *flag, const char *value)
{
	if (!value || !strcmp(value, "true"))
		cal_argv_push(&x->cmd->clang_args, "-fgpu-rdc");
	return 0;
}

/* nvcc announces these modes to the code; clang has them on anyway */
static int apply_extended_lambda(struct xlate *x, const char *flag, const char *value)
{
	cal_argv_push(&x->cmd->clang_args, "-D__CUDACC_EXTENDED_LAMBDA__=1");
	return 0;
}

static int apply_relaxed_constexpr(struct xlate *x, const char *flag, const char *value)
{
	cal_argv_push(&x->cmd->clang_args, "-D__CUDACC_RELAXED_CONSTEXPR__=1");
	return 0;
}

/* HIP's float-atomic mode reaches the parse (run.c reads it for the HIP checks). */
static int apply_keep(struct xlate *x, const char *flag, const char *value)
{
	cal_argv_push(&x->cmd->clang_args, flag);
	return 0;
}

static int apply_drop(struct xlate *x, const char *flag, const char *value)
{
	int attached = value && value > flag && value <= flag + strlen(flag);
	if (value && !attached)
		cal_argv_pushf(&x->cmd->dropped, "%s %s", flag, value);
	else
		cal_argv_push(&x->cmd->dropped, flag);
	return 0;
}

/* Host compiler options the parse understands; the rest stay with the host compiler. */
static int apply_xcompiler(struct xlate *x, const char *flag, const char *value)
{
	struct cal_argv words = { 0 };
	char *list = xstrdup(value), *save = NULL, *w;
	int r;

	for (w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save))
		cal_argv_push(&words, w);
	x->in_host_options++;
	r = translate_words(x, words.v, words.n);
	x->in_host_options--;
	cal_argv_clear(&words);
	free(list);
	return r;
}

static int apply_options_file(struct xlate *x, const char *flag, const char *value)
{
	struct strbuf text = STRBUF_INIT;
	struct cal_argv words = { 0 };
	char *path = cal_path_join(x->cmd->directory, value);
	int r = -1;

	if (x->depth >= MAX_OPTIONS_FILE_DEPTH)
		x->err = xasprintf("options files nest deeper than %d at '%s'",
				   MAX_OPTIONS_FILE_DEPTH, path);
	else if (read_file(path, &text) < 0)
		x->err = xasprintf("cannot read options file '%s'", path);
	else {
		cal_split_words(text.buf, &words);
		x->depth++;
		r = translate_words(x, words.v, words.n);
		x->depth--;
	}
	cal_argv_clear(&words);
	strbuf_release(&text);
	free(path);
	return r;
}

static const struct flag_desc nvcc_flags[] = {
	{ { "-arch", "--gpu-architecture" }, VALUE, apply_arch },
	{ { "-code", "--gpu-code" }, VALUE, apply_code },
	{ { "-gencode", "--generate-code" }, VALUE, apply_gencode },
	{ { "--cuda-gpu-arch", "--offload-arch" }, VALUE, apply_clang_arch },
	{ { "-I", "--include-path" }, JOINED, apply_include_dir },
	{ { "-isystem", "--system-include" }, VALUE, apply_isystem },
	{ { "-include", "--pre-include" }, VALUE, apply_preinclude },
	{ { "-D", "--define-macro" }, JOINED, apply_define },
	{ { "-U", "--undefine-macro" }, JOINED, apply_undef },
	{ { "-std", "--std" }, VALUE, apply_std },
	{ { "-x", "--x" }, VALUE, apply_lang },
	{ { "-rdc", "--relocatable-device-code" }, VALUE, apply_rdc },
	{ { "-dc", "--device-c", "-fgpu-rdc" }, FLAG, apply_rdc },
	{ { "-Xcompiler", "--compiler-options" }, VALUE, apply_xcompiler },
	{ { "--options-file", "-optf" }, VALUE, apply_options_file },
	{ { "-O" }, JOINED, apply_drop },
	{ { "--expt-relaxed-constexpr", "-expt-relaxed-constexpr" }, FLAG,
	  apply_relaxed_constexpr },
	{ { "--expt-extended-lambda", "-expt-extended-lambda", "--extended-lambda",
	    "-extended-lambda" }, FLAG, apply_extended_lambda },
	/* clang accepts these as nvcc means them, or they only steer code generation */
	{ { "-ccbin", "--compiler-bindir" }, VALUE, apply_drop },
	{ { "-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler" },
	  FLAG, apply_drop },
	{ { "-o", "--output-file" }, VALUE, apply_drop },
	{ { "-c", "--compile" }, FLAG, apply_drop },
	{ { "-MD", "--generate-dependencies-with-compile", "-MMD",
	    "--generate-nonsystem-dependencies-with-compile" }, FLAG, apply_drop },
	{ { "-M", "-MM", "--generate-dependencies", "--generate-nonsystem-dependencies" },
	  FLAG, apply_drop },
	{ { "-MF", "--dependency-output", "-MT", "--dependency-target-name" }, VALUE, apply_drop },
	{ { "-odir", "--output-directory", "-keep-dir", "--keep-dir" }, VALUE, apply_drop },
	{ { "-lineinfo", "--generate-line-info", "-G", "--device-debug" }, FLAG, apply_drop },
	{ { "-g", "--debug", "-w", "--disable-warnings" }, FLAG, apply_drop },
	{ { "-Xptxas", "--ptxas-options", "-Xnvlink", "--nvlink-options" }, VALUE, apply_drop },
	{ { "-Xlinker", "--linker-options", "-Xcudafe", "-Xarchive" }, VALUE, apply_drop },
	{ { "-maxrregcount", "--maxrregcount", "-t", "--threads" }, VALUE, apply_drop },
	{ { "-ftz", "--ftz", "-prec-div", "--prec-div" }, VALUE, apply_drop },
	{ { "-prec-sqrt", "--prec-sqrt", "-fmad", "--fmad" }, VALUE, apply_drop },
	{ { "-use_fast_math", "--use_fast_math", "-m64", "-keep" }, FLAG, apply_drop },
	{ { "-m", "--machine", "-cudart", "--cudart" }, VALUE, apply_drop },
	{ { "-diag-suppress", "--diag-suppress", "-diag-warn", "--diag-warn" }, VALUE, apply_drop },
	{ { "-default-stream", "--default-stream", "-time", "--time" }, VALUE, apply_drop },
	{ { "-static-global-template-stub", "--static-global-template-stub" }, VALUE, apply_drop },
	{ { "-Werror", "--Werror" }, FLAG, apply_drop },
	{ { "-allow-unsupported-compiler", "--allow-unsupported-compiler",
	    "-Wno-deprecated-gpu-targets", "--resource-usage" }, FLAG, apply_drop },
	{ { "-dlink", "--device-link", "-dlto", "--keep" }, FLAG, apply_drop },
	{ { "-L", "--library-path", "-l", "--library" }, JOINED, apply_drop },
	{ { "-fPIC", "-pthread", "-Wall", "-Wextra" }, FLAG, apply_drop },
	{ { "--cuda-path", "-nocudainc", "-nocudalib" }, FLAG, apply_drop },
	{ { "-fsyntax-only", "--cuda-device-only", "--cuda-host-only" }, FLAG, apply_drop },
	/* hipcc and amdclang++: the user's ROCm headers where they exist (parse.c) */
	{ { "-munsafe-fp-atomics", "-mno-unsafe-fp-atomics", "-mwavefrontsize64",
	    "-mno-wavefrontsize64" }, FLAG, apply_keep },
	{ { "--rocm-path", "--hip-path" }, VALUE, apply_rocm_path },
	{ { "--hip-device-lib-path", "--rocm-device-lib-path" }, VALUE, apply_drop },
	{ { "--hip-version", "-fno-gpu-rdc", "-nogpulib", "-nogpuinc" }, FLAG, apply_drop },
	{ { "--hip-link", "-fhip-new-launch-api", "-fno-hip-new-launch-api" }, FLAG, apply_drop },
};

#define NR_FLAGS (sizeof(nvcc_flags) / sizeof(nvcc_flags[0]))

/* Does arg spell flag d?  Sets *value to the attached value, if any. */
static int match_exact(const struct flag_desc *d, const char *arg, const char **value)
{
	int i;
	size_t n;

	for (i = 0; i < 4 && d->names[i]; i++) {
		n = strlen(d->names[i]);
		if (strncmp(arg, d->names[i], n))
			continue;
		if (!arg[n]) {
			*value = NULL;
			return 1;
		}
		if (arg[n] == '=' && d->form != FLAG) {
			*value = arg + n + 1;
			return 1;
		}
	}
	return 0;
}

static int match_joined(const struct flag_desc *d, const char *arg, const char **value)
{
	size_t n;
	if (d->form != JOINED || d->names[0][0] != '-' || d->names[0][1] == '-')
		return 0;
	n = strlen(d->names[0]);
	if (strncmp(arg, d->names[0], n) || !arg[n])
		return 0;
	*value = arg + n;
	return 1;
}

static const struct flag_desc *find_flag(const char *arg, const char **value)
{
	size_t i;
	for (i = 0; i < NR_FLAGS; i++)
		if (match_exact(&nvcc_flags[i], arg, value))
			return &nvcc_flags[i];
	for (i = 0; i < NR_FLAGS; i++)
		if (match_joined(&nvcc_flags[i], arg, value))
			return &nvcc_flags[i];
	return NULL;
}

/* Is arg the source file (or another input file, which the parse does not need)? */
static int is_input_word(const char *arg)
{
	return arg[0] != '-';
}

/* An unknown flag and the words after it that are not flags: its values. */
static void keep_unknown(struct xlate *x, char *const *argv, int argc, int *i)
{
	cal_argv_push(&x->cmd->unknown, argv[*i]);
	while (*i + 1 < argc && is_input_word(argv[*i + 1]))
		cal_argv_push(&x->cmd->unknown, argv[++*i]);
}

static int translate_words(struct xlate *x, char *const *argv, int argc)
{
	const struct flag_desc *d;
	const char *value, *flag;
	int i;

	for (i = 0; i < argc; i++) {
		if (is_input_word(argv[i]))
			continue;
		flag = argv[i];
		d = find_flag(flag, &value);
		if (!d) {
			cal_argv_push(&x->cmd->dropped, argv[i]);
			if (!x->in_host_options)
				keep_unknown(x, argv, argc, &i);
			continue;
		}
		if (d->form != FLAG && !value) {
			if (i + 1 >= argc) {
				x->err = xasprintf("'%s' needs a value", argv[i]);
				return -1;
			} else {
				value = argv[++i];
			}
		}
		if (d->apply(x, flag, value) < 0)
			return -1;
	}
	return 0;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static int is_launcher(const char *arg)
{
	static const char *const launchers[] = { "ccache", "sccache", "distcc", "icecc", NULL };
	int i;
	for (i = 0; launchers[i]; i++)
		if (!strcmp(base_name(arg), launchers[i]))
			return 1;
	return 0;
}

static enum cal_compiler_kind compiler_kind(const char *arg)
{
	const char *name = base_name(arg);
	if (strstr(name, "nvcc"))
		return CAL_COMPILER_NVCC;
	if (strstr(name, "clang"))
		return CAL_COMPILER_CLANG;
	return CAL_COMPILER_OTHER;
}

static int has_cuda_suffix(const char *file)
{
	const char *dot = strrchr(file, '.');
	return dot && (!strcmp(dot, ".cu") || !strcmp(dot, ".cuh"));
}

static int has_suffix_in(const char *file, const char *const *list)
{
	const char *dot = strrchr(file, '.');
	int i;
	for (i = 0; dot && list[i]; i++)
		if (!strcmp(dot, list[i]))
			return 1;
	return 0;
}

/* hipcc compiles C++ and CUDA sources as HIP; amdclang++ needs -x hip. */
static int is_hipcc(const char *arg)
{
	const char *name = base_name(arg);
	return !strcmp(name, "hipcc") || !strcmp(name, "hipcc.pl") || !strcmp(name, "hipcc.bin");
}

static void set_hip(struct cal_compile_command *out, const char *compiler)
{
	static const char *const hip_only[] = { ".hip", NULL };
	static const char *const hipcc_sources[] = { ".hip", ".cu", ".cpp", ".cc", ".cxx", NULL };

	if (has_suffix_in(out->file, hip_only) ||
	    (is_hipcc(compiler) && !out->is_opencl && has_suffix_in(out->file, hipcc_sources)))
		out->is_hip = 1;
	out->is_cuda |= out->is_hip;
}

int cal_translate_command(const char *directory, const char *file,
			  char *const *argv, int argc,
			  struct cal_compile_command *out, char **err)
{
	struct xlate x;
	int first = 0;

	memset(out, 0, sizeof(*out));
	memset(&x, 0, sizeof(x));
	x.cmd = out;
	out->directory = xstrdup(directory ? directory : ".");
	out->file = cal_path_join(out->directory, file);
	out->is_cuda = has_cuda_suffix(file);
	out->is_opencl = cal_ocl_is_source(file);
	while (first < argc && is_launcher(argv[first]))
		first++;
	if (first >= argc) {
		*err = xasprintf("empty compile command for '%s'", file);
		cal_compile_command_release(out);
		return -1;
	}
	out->compiler = compiler_kind(argv[first]);
	if (translate_words(&x, argv + first + 1, argc - first - 1) < 0) {
		*err = x.err;
		cal_compile_command_release(out);
		return -1;
	}
	if (!out->is_hip)	/* -x hip says so already; else the file and compiler */
		set_hip(out, argv[first]);
	if (!x.have_arch && x.code_targets.n)
		out->targets = x.code_targets;
	*err = NULL;
	return 0;
}

void cal_compile_command_release(struct cal_compile_command *cmd)
{
	free(cmd->file);
	free(cmd->directory);
	cal_argv_clear(&cmd->clang_args);
	cal_argv_clear(&cmd->dropped);
	cal_argv_clear(&cmd->notes);
	cal_argv_clear(&cmd->unknown);
	memset(cmd, 0, sizeof(*cmd));
}

void cal_split_words(const char *text, struct cal_argv *out)
{
	struct strbuf word = STRBUF_INIT;
	const char *p = text;
	char quote;
	int in_word;

	while (*p) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		strbuf_reset(&word);
		for (in_word = 1, quote = 0; *p && in_word; p++) {
			if (quote) {
				if (*p == quote)
					quote = 0;
				else if (*p == '\\' && quote == '"' && p[1])
					strbuf_addch(&word, *++p);
				else
					strbuf_addch(&word, *p);
			} else if (*p == '"' || *p == '\'') {
				quote = *p;
			} else if (*p == '\\' && p[1]) {
				strbuf_addch(&word, *++p);
			} else if (isspace((unsigned char)*p)) {
				in_word = 0;
			} else {
				strbuf_addch(&word, *p);
			}
		}
		cal_argv_push(out, word.buf);
	}
	strbuf_release(&word);
}
