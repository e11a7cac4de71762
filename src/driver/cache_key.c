/* The result cache's keys: what a run shares, what each job adds (cache_parts.h). */
#include "driver/cache_parts.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"
#include "cuatomlint/version.h"

_Static_assert(CAL_CACHE_KEY_LEN == CAL_HASH128_HEX_LEN, "a key is one 128-bit hash");

int cal_cache_hash_file(const char *path, char out[CAL_CACHE_KEY_LEN + 1])
{
	struct strbuf sb = STRBUF_INIT;
	struct cal_hash128 h;

	if (read_file(path, &sb) < 0)
		return -1;
	cal_hash128_init(&h);
	cal_hash128_add(&h, sb.buf, sb.len);
	cal_hash128_hex(&h, out);
	strbuf_release(&sb);
	return 0;
}

/* Names and contents of the files under dir, in a stable order. */
static void hash_tree(struct cal_hash128 *h, const char *dir, int depth)
{
	struct dirent **names;
	int n, i;

	n = scandir(dir, &names, NULL, alphasort);
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]->d_name);
		struct strbuf sb = STRBUF_INIT;
		struct stat st;

		if (names[i]->d_name[0] != '.' && stat(p, &st) == 0) {
			cal_hash128_add_str(h, names[i]->d_name);
			if (S_ISDIR(st.st_mode) && depth < 8)
				hash_tree(h, p, depth + 1);
			else if (read_file(p, &sb) == 0)
				cal_hash128_add(h, sb.buf, sb.len);
		}
		strbuf_release(&sb);
		free(p);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
}

void cal_cache_run_hash(struct cal_hash128 *run, const struct cal_env *env, int per_arch_parses)
{
	CXString clang = clang_getClangVersion();
	char cwd[PATH_MAX], exe[CAL_CACHE_KEY_LEN + 1];

	cal_hash128_init(run);
	cal_hash128_add_str(run, CUATOMLINT_VERSION);
	cal_hash128_add_str(run, clang_getCString(clang));
	clang_disposeString(clang);
	/* a rebuilt tool may judge code differently under the same version */
	cal_hash128_add_str(run, cal_cache_hash_file("/proc/self/exe", exe) == 0 ? exe : "");
	cal_hash128_add_str(run, getcwd(cwd, sizeof(cwd)) ? cwd : "");
	cal_hash128_add_str(run, env->cuda_path);
	cal_hash128_add_str(run, env->cccl_include);
	cal_hash128_add(run, &env->ver_major, sizeof(env->ver_major));
	cal_hash128_add(run, &env->ver_minor, sizeof(env->ver_minor));
	cal_hash128_add(run, &env->ver_build, sizeof(env->ver_build));
	hash_tree(run, env->dir, 0);
	cal_hash128_add(run, &per_arch_parses, sizeof(per_arch_parses));
}

void cal_cache_key(const struct cal_cache *c, const struct cal_job *job,
		   char key[CAL_CACHE_KEY_LEN + 1])
{
	struct cal_hash128 h = c->run;
	int i;

	cal_hash128_add_str(&h, job->file);
	for (i = 0; i < job->args.n; i++)
		cal_hash128_add_str(&h, job->args.v[i]);
	cal_hash128_add_str(&h, "\n");
	for (i = 0; i < job->targets.n; i++) {
		/* field by field: struct padding is not data */
		uint64_t t = (uint64_t)job->targets.t[i].sm << 8 | (unsigned char)job->targets.t[i].suffix;
		cal_hash128_add(&h, &t, sizeof(t));
	}
	cal_hash128_add(&h, &job->targets.n, sizeof(job->targets.n));
	cal_hash128_add(&h, job->enabled, sizeof(job->enabled));
	cal_hash128_add(&h, &job->config->scope_system, sizeof(job->config->scope_system));
	for (i = 0; i < (int)job->config->options.nr; i++) {	/* check options change findings */
		cal_hash128_add_str(&h, job->config->options.items[i].key);
		cal_hash128_add_str(&h, job->config->options.items[i].value);
	}
	cal_hash128_hex(&h, key);
}
