/* OpenCL C parses: which files, which clang arguments, which checks. */
#include "opencl/opencl.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/parse.h"
#include "cuatomlint/strbuf.h"

int cal_ocl_is_source(const char *path)
{
	size_t n = strlen(path);
	return n > 3 && !strcmp(path + n - 3, ".cl");
}

int cal_ocl_is_lang(const char *value)
{
	return !strcmp(value, "cl") || !strcmp(value, "CL");
}

static const char *std_name(int std)
{
	return std == 120 ? "CL1.2" : std == 200 ? "CL2.0" : "CL3.0";
}

/*
 * clang 19 refuses a parse (a driver error, no translation unit) where an
 * extension and its 3.0 feature differ, or where pipes or device-side
 * enqueue come without the generic address space; devices report such
 * pairs inconsistently (PoCL lists cl_khr_fp64 and __opencl_c_fp64, other
 * drivers only one), so either half turns both on.
 */
static const char *const pairs[][2] = {
	{ "cl_khr_fp64", "__opencl_c_fp64" },
	{ "cl_khr_3d_image_writes", "__opencl_c_3d_image_writes" },
};

static int parse_has(const struct cal_ocl_profile *p, const char *name)
{
	size_t i;

	if (!strcmp(name, "__opencl_c_pipes") || !strcmp(name, "__opencl_c_device_enqueue"))
		return cal_ocl_profile_has(p, name) &&
		       cal_ocl_profile_has(p, "__opencl_c_generic_address_space");
	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (!strcmp(name, pairs[i][0]) || !strcmp(name, pairs[i][1]))
			return cal_ocl_profile_has(p, pairs[i][0]) ||
			       cal_ocl_profile_has(p, pairs[i][1]);
	return cal_ocl_profile_has(p, name);
}

/*
 * For SPIR, clang's 3.0 header defines these whatever -cl-ext says ("all
 * features are supported"), and undefines each for which __undef_<name>
 * is defined: that is how a profile without them is modelled.
 */
static const char *const header_only[] = {
	"__opencl_c_work_group_collective_functions", "__opencl_c_atomic_order_seq_cst",
	"__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices",
	"__opencl_c_read_write_images", NULL
};

/*
 * -cl-ext: everything off, then exactly what the profile has; clang keeps
 * some 3.0 features on after -all, so each known one it lacks is turned
 * off by name.
 */
static void add_profile_args(const struct cal_ocl_profile *p, struct cal_argv *out)
{
	const char *const *k = cal_ocl_known_features();
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "-cl-ext=-all");
	for (; *k; k++)
		strbuf_addf(&sb, ",%c%s", parse_has(p, *k) ? '+' : '-', *k);
	cal_argv_push(out, "-Xclang");
	cal_argv_push(out, sb.buf);
	strbuf_release(&sb);
	for (k = header_only; *k; k++)
		if (!parse_has(p, *k))
			cal_argv_pushf(out, "-D__undef_%s", *k);
}

/*
 * C11's '_Atomic(T)', a keyword clang leaves out of OpenCL C, is read as
 * OpenCL's atomic_T where T is one of these names, so that objects declared
 * with it are atomic objects to the checks (opencl-atomic-type reports the
 * spelling, with atomic_T as its fix).  Any other T stays an error clang
 * reports, and the check restates ("unknown type name '<prefix>bool'").
 */
static const char *const c11_atomic_names[] = {
	"int", "uint", "long", "ulong", "float", "double", "intptr_t", "uintptr_t",
	"size_t", "ptrdiff_t", NULL
};

int cal_ocl_c11_atomic_known(const char *t)
{
	int i;

	for (i = 0; c11_atomic_names[i]; i++)
		if (!strcmp(t, c11_atomic_names[i]))
			return 1;
	return 0;
}

static void add_c11_atomic_args(struct cal_argv *out)
{
	int i;

	cal_argv_push(out, "-D_Atomic(T)=" CAL_OCL_C11_ATOMIC_PREFIX "##T");
	for (i = 0; c11_atomic_names[i]; i++)
		cal_argv_pushf(out, "-D" CAL_OCL_C11_ATOMIC_PREFIX "%s=atomic_%s",
			       c11_atomic_names[i], c11_atomic_names[i]);
}

void cal_ocl_parse_args(int profile, struct cal_argv *out)
{
	cal_argv_push(out, "-x");
	cal_argv_push(out, "cl");
	cal_argv_push(out, "-target");
	cal_argv_push(out, "spir64");
	cal_argv_pushf(out, "-cl-std=%s", std_name(cal_ocl_std()));
	cal_argv_push(out, "-Xclang");
	cal_argv_push(out, "-finclude-default-header");
	add_profile_args(cal_ocl_profile(profile), out);
	if (cal_ocl_std() >= 200)
		add_c11_atomic_args(out);
}

char *cal_ocl_fingerprint_arg(void)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned long h = 5381;
	int i, j;

	for (i = 0; i < cal_ocl_nr_profiles(); i++) {
		const struct cal_ocl_profile *p = cal_ocl_profile(i);
		for (j = 0; j < p->features.n; j++) {
			const char *s;
			for (s = p->features.v[j]; *s; s++)
				h = h * 33 + (unsigned char)*s;
			h = h * 33 + ',';
		}
		h = h * 33 + (unsigned long)p->fine_grain_svm + ';';
	}
	strbuf_addf(&sb, "-D__CUATOMLINT_OPENCL_SETTINGS__=%d_%lx", cal_ocl_std(), h);
	return strbuf_detach(&sb);
}

/* What the parse, the walk and the shared checks ask of the front end (parse/language.h). */
static const struct cal_opencl_front front = {
	cal_ocl_parse_args, cal_ocl_all_profiles_have
};

int cal_ocl_job(const char *file, int force, int *opencl, struct cal_argv *args)
{
	char *arg;

	if (!force && !cal_ocl_is_source(file))
		return 0;
	*opencl = 1;
	cal_ocl_default_profile();
	cal_opencl_front_set(&front);	/* jobs are made before any runs */
	arg = cal_ocl_fingerprint_arg();
	cal_argv_push(args, arg);
	free(arg);
	return 1;
}

struct header_scan {
	char *dir;
};

static void find_base_header(CXFile file, CXSourceLocation *stack, unsigned depth,
			     CXClientData data)
{
	struct header_scan *scan = data;
	char *name, *slash;

	(void)stack;
	(void)depth;
	if (scan->dir)
		return;
	name = cal_take_string(clang_getFileName(file));
	slash = strrchr(name, '/');
	if (slash && !strcmp(slash + 1, "opencl-c-base.h")) {
		slash[1] = '\0';
		scan->dir = name;
		return;
	}
	free(name);
}

char *cal_ocl_header_dir(CXTranslationUnit tu)
{
	struct header_scan scan = { NULL };
	clang_getInclusions(tu, find_base_header, &scan);
	return scan.dir;
}
