/* The result cache's directory and entries: magic, file, dependencies, findings. */
#include "driver/cache_parts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"
#include "util/diag.h"

#define ENTRY_MAGIC "cuatomlint-cache 1\n"

static int make_dir(const char *dir)
{
	char *tag;
	FILE *f;

	struct stat st;

	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		return -1;
	if (stat(dir, &st) < 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	if (access(dir, W_OK | X_OK) < 0)
		return -1;
	/* backup tools skip it, git ignores it */
	tag = xasprintf("%s/CACHEDIR.TAG", dir);
	if (access(tag, F_OK) < 0 && (f = fopen(tag, "w"))) {
		fputs("Signature: 8a477f597d28d172789f06886806bc55\n"
		      "# cuatomlint's result cache; see docs/usage.md.\n", f);
		fclose(f);
	}
	free(tag);
	tag = xasprintf("%s/.gitignore", dir);
	if (access(tag, F_OK) < 0 && (f = fopen(tag, "w"))) {
		fputs("*\n", f);
		fclose(f);
	}
	free(tag);
	return 0;
}

struct cal_cache *cal_cache_open(const char *dir, const struct cal_env *env,
				 int per_arch_parses, int verbose)
{
	struct cal_cache *c;

	if (make_dir(dir) < 0) {
		cal_warning("cannot use cache directory '%s': %s; "
			"running without a cache", dir, strerror(errno));
		return NULL;
	}
	c = xcalloc(1, sizeof(*c));
	c->dir = xstrdup(dir);
	c->env_dir = xasprintf("%s/", env->dir);
	c->verbose = verbose;
	cal_dep_memo_init(&c->memo);
	cal_cache_run_hash(&c->run, env, per_arch_parses);
	return c;
}

void cal_cache_salt(struct cal_cache *c, const char *s)
{
	if (c)
		cal_hash128_add_str(&c->run, s ? s : "");
}

void cal_cache_close(struct cal_cache *c)
{
	if (!c)
		return;
	cal_dep_memo_release(&c->memo);
	free(c->dir);
	free(c->env_dir);
	free(c);
}

/* ---- entries: magic, file, dependencies, findings ---- */

static char *entry_path(const struct cal_cache *c, const char *key)
{
	return xasprintf("%s/%s", c->dir, key);
}

int cal_cache_lookup(struct cal_cache *c, const char *key, const char *file,
		     struct cal_findings *out, struct cal_deps *deps)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = entry_path(c, key), *name = NULL;
	struct cal_cache_reader r;
	int hit = 0;
	const char *why = "no entry";

	if (read_file(path, &sb) < 0)
		goto out;
	why = "entry corrupt, ignored";
	if (sb.len < strlen(ENTRY_MAGIC) || memcmp(sb.buf, ENTRY_MAGIC, strlen(ENTRY_MAGIC)))
		goto out;
	r.p = sb.buf + strlen(ENTRY_MAGIC);
	r.end = sb.buf + sb.len;
	r.bad = 0;
	name = cal_cache_get_str(&r);
	if (r.bad || !name || strcmp(name, file))
		goto out;
	hit = cal_deps_read_unchanged(&c->memo, &r, deps);
	why = r.bad ? "entry corrupt, ignored" : "an included file changed";
	if (hit && cal_findings_deserialize(r.p, (size_t)(r.end - r.p), out) < 0) {
		hit = 0;
		why = "entry corrupt, ignored";
	}
out:
	if (!hit)
		cal_deps_release(deps);
	if (c->verbose)
		fprintf(stderr, hit ? "cuatomlint: cache hit %s\n" : "cuatomlint: cache miss %s: %s\n",
			file, why);
	free(name);
	free(path);
	strbuf_release(&sb);
	return hit;
}

void cal_cache_store(struct cal_cache *c, const char *key, const char *file,
		     const struct cal_deps *deps, const struct cal_findings *findings)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = entry_path(c, key);
	int ok;

	strbuf_adds(&sb, ENTRY_MAGIC);
	cal_cache_put_str(&sb, file);
	strbuf_addch(&sb, '\n');
	cal_deps_write(&c->memo, c->env_dir, deps, &sb);
	cal_findings_serialize(findings, &sb);
	ok = write_file_replacing(path, sb.buf, sb.len) == 0;
	if (c->verbose)
		fprintf(stderr, ok ? "cuatomlint: cache stored %s\n"
				   : "cuatomlint: cache: cannot store %s\n", file);
	free(path);
	strbuf_release(&sb);
}
