/*
 * OpenCL device profiles: the built-in ones and those read from
 * `clinfo --json` output.
 *
 * Built-in profiles (fields as clinfo names them):
 *   gpu          a full-profile OpenCL 3.0 GPU with every optional atomic
 *                feature: acq_rel and seq_cst orders, device and
 *                all-devices scopes, the generic address space, 64-bit and
 *                float atomics (cl_ext_float_atomics), fine-grained SVM.
 *   pocl-cpu     PoCL 3.1's CPU device (Debian 12 pocl-opencl-icd), as
 *                `clinfo --json` reports it: CL_DEVICE_OPENCL_C_FEATURES
 *                acq_rel, seq_cst, device scope, int64, fp64, images; no
 *                generic address space; CL_DEVICE_EXTENSIONS with 32- and
 *                64-bit atomics; SVM fine-grained buffers.
 *   minimal-3.0  an OpenCL 3.0 device with only what 3.0 requires plus
 *                acq_rel: no seq_cst order, no device scope (so no
 *                non-explicit atomic functions), no generic address space,
 *                no 64-bit or float atomics, no fine-grained SVM.
 * A profile is built from CL_DEVICE_OPENCL_C_FEATURES, not from
 * CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES: the OpenCL C compiler accepts what
 * the features list says (NVIDIA's 3.0 driver lists acq_rel and device
 * scope there yet reports only relaxed/work-group in the capability bits;
 * see docs/opencl.md).
 */
#include "opencl/opencl.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "util/diag.h"

#define ATOMICS32 "cl_khr_global_int32_base_atomics", "cl_khr_global_int32_extended_atomics", \
	"cl_khr_local_int32_base_atomics", "cl_khr_local_int32_extended_atomics"
#define ATOMICS64 "cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics"

struct builtin {
	const char *name;
	int fine_grain_svm;
	const char *features[40];
};

static const struct builtin builtins[] = {
	{ "gpu", 1, {
		"__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
		"__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices",
		"__opencl_c_generic_address_space", "__opencl_c_int64", "__opencl_c_fp64",
		"__opencl_c_program_scope_global_variables", "__opencl_c_subgroups",
		"__opencl_c_work_group_collective_functions", "__opencl_c_images",
		"__opencl_c_read_write_images", "__opencl_c_3d_image_writes",
		"__opencl_c_ext_fp32_global_atomic_add", "__opencl_c_ext_fp32_local_atomic_add",
		"__opencl_c_ext_fp32_global_atomic_min_max", "__opencl_c_ext_fp32_local_atomic_min_max",
		ATOMICS32, ATOMICS64, "cl_khr_fp64", "cl_khr_subgroups",
		"cl_khr_byte_addressable_store", "cl_khr_3d_image_writes", "cl_ext_float_atomics",
		NULL } },
	{ "pocl-cpu", 1, {
		"__opencl_c_3d_image_writes", "__opencl_c_images", "__opencl_c_atomic_order_acq_rel",
		"__opencl_c_atomic_order_seq_cst", "__opencl_c_atomic_scope_device",
		"__opencl_c_read_write_images", "__opencl_c_int64", "__opencl_c_fp64",
		"cl_khr_byte_addressable_store", ATOMICS32, "cl_khr_3d_image_writes",
		ATOMICS64, "cl_khr_fp64", NULL } },
	{ "minimal-3.0", 0, {
		"__opencl_c_atomic_order_acq_rel", "__opencl_c_int64",
		ATOMICS32, "cl_khr_byte_addressable_store", NULL } },
};

/* Every name a parse turns on or off: -cl-ext names only those clang knows. */
static const char *const known[] = {
	"__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
	"__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices",
	"__opencl_c_generic_address_space", "__opencl_c_int64", "__opencl_c_fp64",
	"__opencl_c_program_scope_global_variables", "__opencl_c_pipes",
	"__opencl_c_device_enqueue", "__opencl_c_subgroups",
	"__opencl_c_work_group_collective_functions", "__opencl_c_images",
	"__opencl_c_read_write_images", "__opencl_c_3d_image_writes",
	"__opencl_c_ext_fp16_global_atomic_add", "__opencl_c_ext_fp16_local_atomic_add",
	"__opencl_c_ext_fp16_global_atomic_min_max", "__opencl_c_ext_fp16_local_atomic_min_max",
	"__opencl_c_ext_fp16_global_atomic_load_store", "__opencl_c_ext_fp16_local_atomic_load_store",
	"__opencl_c_ext_fp32_global_atomic_add", "__opencl_c_ext_fp32_local_atomic_add",
	"__opencl_c_ext_fp32_global_atomic_min_max", "__opencl_c_ext_fp32_local_atomic_min_max",
	"__opencl_c_ext_fp64_global_atomic_add", "__opencl_c_ext_fp64_local_atomic_add",
	"__opencl_c_ext_fp64_global_atomic_min_max", "__opencl_c_ext_fp64_local_atomic_min_max",
	ATOMICS32, ATOMICS64, "cl_khr_fp64", "cl_khr_fp16", "cl_khr_subgroups",
	"cl_khr_byte_addressable_store", "cl_khr_3d_image_writes", "cl_ext_float_atomics",
	NULL
};

static struct cal_ocl_settings settings = { 300, { { 0 } }, 0 };

const struct cal_ocl_settings *cal_ocl_settings(void)
{
	return &settings;
}

int cal_ocl_std(void)
{
	return settings.std;
}

int cal_ocl_set_std(const char *value)
{
	static const struct { const char *name; int std; } stds[] = {
		{ "CL1.2", 120 }, { "CL2.0", 200 }, { "CL3.0", 300 },
	};
	size_t i;

	for (i = 0; i < sizeof(stds) / sizeof(stds[0]); i++) {
		if (!strcmp(value, stds[i].name)) {
			settings.std = stds[i].std;
			return 0;
		}
	}
	cal_error("invalid value '%s' for --opencl-std "
		"(expected CL1.2, CL2.0 or CL3.0)", value);
	return -1;
}

static void add_feature(struct cal_ocl_profile *p, const char *name)
{
	if (!*name || cal_ocl_profile_has(p, name))
		return;
	cal_argv_push(&p->features, name);
}

static void from_builtin(struct cal_ocl_profile *p, const struct builtin *b)
{
	int i;
	p->name = xstrdup(b->name);
	p->fine_grain_svm = b->fine_grain_svm;
	for (i = 0; b->features[i]; i++)
		add_feature(p, b->features[i]);
}

static const struct builtin *find_builtin(const char *name)
{
	size_t i;
	for (i = 0; i < sizeof(builtins) / sizeof(builtins[0]); i++)
		if (!strcmp(builtins[i].name, name))
			return &builtins[i];
	return NULL;
}

/*
 * NVIDIA's OpenCL 3.0 driver on the H100 reports only relaxed order and
 * work-group scope in its atomic capabilities, yet compiles and correctly
 * runs acquire/release at device scope (issue 14: a volatile-flag
 * ping-pong read 99.5% stale words, and passed once fixed that way).  A
 * profile read from an NVIDIA device therefore has those two features, so
 * that the fix the tool emits is offered for it; seq_cst and all-devices
 * scope are taken as reported.
 */
#define NVIDIA_VENDOR_ID 0x10de

/* clinfo --json: { "devices": [ { "online": [ { CL_DEVICE_*: ... } ] } ] } */
static const cJSON *first_device(const cJSON *root)
{
	const cJSON *devs = cJSON_GetObjectItemCaseSensitive(root, "devices");
	const cJSON *online = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(devs, 0), "online");
	const cJSON *dev = cJSON_GetArrayItem(online, 0);
	return cJSON_IsObject(dev) ? dev : NULL;
}

static void add_extensions(struct cal_ocl_profile *p, const char *list)
{
	struct strbuf word = STRBUF_INIT;
	const char *s;

	for (s = list;; s++) {
		if (*s && *s != ' ') {
			strbuf_add(&word, s, 1);
			continue;
		}
		add_feature(p, word.buf);
		strbuf_reset(&word);
		if (!*s)
			break;
	}
	strbuf_release(&word);
}

static int from_clinfo(struct cal_ocl_profile *p, const char *path, const cJSON *dev)
{
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(dev, "CL_DEVICE_NAME");
	const cJSON *feats = cJSON_GetObjectItemCaseSensitive(dev, "CL_DEVICE_OPENCL_C_FEATURES");
	const cJSON *exts = cJSON_GetObjectItemCaseSensitive(dev, "CL_DEVICE_EXTENSIONS");
	const cJSON *svm = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(dev, "CL_DEVICE_SVM_CAPABILITIES"), "raw");
	const cJSON *vendor = cJSON_GetObjectItemCaseSensitive(dev, "CL_DEVICE_VENDOR_ID");
	const cJSON *f;

	if (!cJSON_IsString(exts)) {
		cal_error("'%s' has no CL_DEVICE_EXTENSIONS string "
			"(expected the output of clinfo --json)", path);
		return -1;
	}
	p->name = xstrdup(cJSON_IsString(name) ? name->valuestring : path);
	cJSON_ArrayForEach(f, feats)
		if (f->string)
			add_feature(p, f->string);
	add_extensions(p, exts->valuestring);
	if (cJSON_IsNumber(vendor) && (long)vendor->valuedouble == NVIDIA_VENDOR_ID) {
		/* measured: acquire/release at device scope compiles and runs (docs/opencl.md) */
		add_feature(p, "__opencl_c_atomic_order_acq_rel");
		add_feature(p, "__opencl_c_atomic_scope_device");
	}
	/* CL_DEVICE_SVM_FINE_GRAIN_BUFFER (1 << 1), CL_DEVICE_SVM_FINE_GRAIN_SYSTEM (1 << 2) */
	p->fine_grain_svm = cJSON_IsNumber(svm) && ((long)svm->valuedouble & 6);
	return 0;
}

static int load_file(struct cal_ocl_profile *p, const char *path)
{
	struct strbuf text = STRBUF_INIT;
	cJSON *root;
	const cJSON *dev;
	int r = -1;

	if (read_file(path, &text) < 0) {
		cal_error("--opencl-device '%s' is neither a built-in profile "
			"(gpu, pocl-cpu, minimal-3.0) nor a readable file: %s", path, strerror(errno));
		return -1;
	}
	root = cJSON_Parse(text.buf);
	dev = root ? first_device(root) : NULL;
	if (!dev)
		cal_error("'%s' is not clinfo --json output with a device",
			path);
	else
		r = from_clinfo(p, path, dev);
	cJSON_Delete(root);
	strbuf_release(&text);
	return r;
}

int cal_ocl_add_device(const char *name_or_file)
{
	struct cal_ocl_profile *p;
	const struct builtin *b = find_builtin(name_or_file);

	if (settings.nr_profiles == CAL_OCL_MAX_PROFILES) {
		cal_error("at most %d --opencl-device profiles",
			CAL_OCL_MAX_PROFILES);
		return -1;
	}
	p = &settings.profiles[settings.nr_profiles];
	memset(p, 0, sizeof(*p));
	if (b)
		from_builtin(p, b);
	else if (load_file(p, name_or_file) < 0)
		return -1;
	settings.nr_profiles++;
	return 0;
}

/* Called from the main thread when jobs are made, before any worker reads the settings. */
void cal_ocl_default_profile(void)
{
	if (!settings.nr_profiles)
		from_builtin(&settings.profiles[settings.nr_profiles++], &builtins[0]);
}

int cal_ocl_nr_profiles(void)
{
	return settings.nr_profiles;
}

const struct cal_ocl_profile *cal_ocl_profile(int i)
{
	return &settings.profiles[i < settings.nr_profiles ? i : 0];
}

void cal_ocl_release(void)
{
	int i;
	for (i = 0; i < settings.nr_profiles; i++) {
		cal_argv_clear(&settings.profiles[i].features);
		free(settings.profiles[i].name);
	}
	settings.nr_profiles = 0;
}


const char *const *cal_ocl_known_features(void)
{
	return known;
}

int cal_ocl_all_profiles_have(const char *feature)
{
	int i;

	for (i = 0; i < cal_ocl_nr_profiles(); i++)
		if (!cal_ocl_profile_has(cal_ocl_profile(i), feature))
			return 0;
	return 1;
}
