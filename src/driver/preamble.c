#include "driver/preamble.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"
#include "cuatomlint/version.h"
#include "parse/pch.h"
#include "parse/pch_facts.h"
#include "parse/prefix.h"
#include "util/hash.h"

/*
 * A PCH of the CUDA headers weighs about 10 MB, one of a project's own
 * headers built on it (chained) a few MB more: a project whose files each
 * have their own flags would fill the temporary folder.  Past this many
 * bytes of PCHs in the run's folder, no PCH is built (the cap was 32 PCHs;
 * a whole project sharing its own headers, ggml's 141 TUs, wants more).
 */
#define MAX_PCH_BYTES (1024L * 1024 * 1024)

/*
 * May the prefix reach the project's own headers?  Yes, unless
 * CUATOMLINT_PCH_USER=0 (the PCH then holds system headers only).
 */
static int user_headers(void)
{
	const char *v = getenv("CUATOMLINT_PCH_USER");
	return !(v && !strcmp(v, "0"));
}

/* The file's prefix; -1 if it cannot be read. */
static int read_prefix(const char *path, struct strbuf *sb)
{
	struct strbuf text = STRBUF_INIT;

	if (read_file(path, &text) < 0) {
		strbuf_release(&text);
		return -1;
	}
	cal_include_prefix(text.buf, text.len, sb);
	strbuf_release(&text);
	return 0;
}

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* The folder of a -I argument at args[*i] (advancing *i past a separate one), or NULL. */
static const char *user_dir(char *const *args, int n, int *i)
{
	const char *a = args[*i];

	if (!strcmp(a, "-I") || !strcmp(a, "--include-directory"))
		return *i + 1 < n ? args[++*i] : NULL;
	if (!strncmp(a, "--include-directory=", 20))
		return a + 20;
	if (!strncmp(a, "-I", 2))
		return a + 2;
	return NULL;
}

/* The folder of an option at args[*i], spelt -OPT DIR or -OPTDIR (as user_dir), or NULL. */
static const char *dir_option(char *const *args, int n, int *i, const char *opt)
{
	const char *a = args[*i];
	size_t len = strlen(opt);

	if (!strcmp(a, opt))
		return *i + 1 < n ? args[++*i] : NULL;
	if (!strncmp(a, opt, len))
		return a + len;
	return NULL;
}

static const char *quote_dir(char *const *args, int n, int *i)
{
	return dir_option(args, n, i, "-iquote");
}

static const char *system_dir(char *const *args, int n, int *i)
{
	return dir_option(args, n, i, "-isystem");
}

typedef const char *(*dir_arg_fn)(char *const *args, int n, int *i);

/*
 * The first folder kind names (user_dir, quote_dir) that holds name, with
 * *path its file as clang names it (caller frees), or NULL.  With
 * relative, only folders named by a relative path are searched.
 */
static const char *folder_holding(const struct cal_parse_request *req, dir_arg_fn kind,
				  const char *name, size_t len, int relative, char **path)
{
	int i;

	for (i = 0; i < req->nr_user_args; i++) {
		const char *dir = kind(req->user_args, req->nr_user_args, &i);
		size_t n = dir ? strlen(dir) : 0;
		if (!n || (relative && dir[0] == '/'))
			continue;
		while (n > 1 && dir[n - 1] == '/')
			n--;
		*path = xasprintf("%.*s/%.*s", (int)n, dir, (int)len, name);
		if (exists(*path))
			return dir;
		free(*path);
	}
	*path = NULL;
	return NULL;
}

/*
 * Is name found in a -I folder (searched before the system folders: a user
 * header)?  With relative, only in a -I folder named by a relative path.
 */
static int in_user_dir(const struct cal_parse_request *req, const char *name, size_t len,
		       int relative)
{
	char *path;
	int found = folder_holding(req, user_dir, name, len, relative, &path) != NULL;

	free(path);
	return found;
}

/*
 * End the prefix before its first include of a user header (a -I folder
 * holds it): the PCH would refuse it after parsing every header before it,
 * a cost no parse would win back.
 */
static void cut_at_user_header(const struct cal_parse_request *req, struct strbuf *prefix)
{
	char *line = prefix->buf, *nl;

	for (; (nl = strchr(line, '\n')); line = nl + 1) {
		/* "#include <NAME>\n" */
		if (in_user_dir(req, line + 10, (size_t)(nl - 1 - (line + 10)), 0)) {
			prefix->len = (size_t)(line - prefix->buf);
			prefix->buf[prefix->len] = '\0';
			return;
		}
	}
}

/* The file name stem: the base name without its extension. */
static void stem(const char *path, const char **s, size_t *n)
{
	const char *base = strrchr(path, '/'), *dot;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	*s = base;
	*n = dot ? (size_t)(dot - base) : strlen(base);
}

/* Is header the TU's own (foo.cuh for foo.cu)?  No other TU begins with it. */
static int own_header(const char *tu, const char *header)
{
	const char *a, *b;
	size_t na, nb;

	stem(tu, &a, &na);
	stem(header, &b, &nb);
	return na == nb && !memcmp(a, b, na);
}

/* Past blanks and comments at p. */
static const char *skip_comments(const char *p, const char *end)
{
	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
			p++;
		if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
			while (p < end && *p != '\n')
				p++;
		} else if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
			const char *close = NULL;
			for (p += 2; p + 1 < end && !close; p++)
				if (p[0] == '*' && p[1] == '/')
					close = p + 2;
			if (!close)
				return end;
			p = close;
		} else {
			return p;
		}
	}
}

/*
 * Does the header at path look guarded (`#pragma once`, or an `#ifndef` or
 * `#if !defined` before anything else)?  Only a guess, to spare a PCH
 * build: the build checks that no header of it is entered twice.
 */
static int looks_guarded(const char *path)
{
	struct strbuf text = STRBUF_INIT;
	const char *p, *end;
	int r = 0;

	if (read_file(path, &text) == 0) {
		end = text.buf + text.len;
		p = skip_comments(text.buf, end);
		if (p < end && *p == '#') {
			for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
				;
			r = (end - p >= 11 && !memcmp(p, "pragma once", 11)) ||
			    (end - p >= 6 && !memcmp(p, "ifndef", 6)) ||
			    (end - p >= 8 && !memcmp(p, "if !defi", 8));
		}
	}
	strbuf_release(&text);
	return r;
}

/* Is folder a (real) path under root? */
static int real_under(const char *real, const char *root)
{
	char *r = realpath(root, NULL);
	size_t n = r ? strlen(r) : 0;
	int in = n && !strncmp(real, r, n) && (real[n] == '/' || real[n] == '\0');

	free(r);
	return in;
}

/*
 * Does clang take dir, a -I folder, for a system folder: the toolkit's or
 * the platform's, or one also named by -isystem (clang then drops the -I)?
 * A header found there is left to clang's own search.
 */
static int system_folder(const struct cal_parse_request *req, const char *dir)
{
	char *real = realpath(dir, NULL);
	int i, sys = !real;

	if (real)
		sys = real_under(real, "/usr/include") || real_under(real, "/usr/lib") ||
		      (req->env->cuda_path && real_under(real, req->env->cuda_path));
	for (i = 0; !sys && i < req->nr_user_args; i++) {
		const char *named = system_dir(req->user_args, req->nr_user_args, &i);
		sys = named && !strcmp(named, dir);
	}
	free(real);
	return sys;
}

/*
 * Where clang finds a quoted include that is not next to its includer: the
 * -iquote folders, then the -I folders, in their order.  Returns the path
 * (caller frees) as clang names it (the folder as written, '/', NAME), or
 * NULL where no user folder holds it (a system header, or none: the prefix
 * keeps the line as written).  *relative is set where a relative folder
 * holds it first: a PCH names its files absolute, the TU would not.
 */
static char *find_in_user_dirs(const struct cal_parse_request *req, const char *name,
			       size_t len, int *relative)
{
	const dir_arg_fn kinds[2] = { quote_dir, user_dir };
	const char *dir = NULL;
	char *path = NULL;
	int k;

	*relative = 0;
	for (k = 0; k < 2 && !dir; k++)
		dir = folder_holding(req, kinds[k], name, len, 0, &path);
	if (dir && system_folder(req, dir)) {
		free(path);
		return NULL;
	}
	*relative = dir && dir[0] != '/';
	return path;
}

/*
 * The prefix of includer (its text's leading includes, line by line),
 * each quoted include named as clang finds it: next to the including
 * file first, named by that file's folder (as clang spells it), a '/' and
 * NAME; the prefix header lives in the run's folder, so the name must be
 * the found one.  One not next to its includer is named as found in the
 * -iquote or -I folders (find_in_user_dirs), so that it too is read
 * through, or not, as below; one no user folder holds is left as written
 * (clang finds it the same way from both).  At the TU (top), its
 * own header (foo.cuh for foo.cu), or a header without an include guard
 * (the PCH cannot hold it: after loading the PCH the TU would enter it
 * again), is not taken whole but read through: its leading includes join
 * the prefix, which then ends, so foo.cu and bar.cu, whose own headers
 * each begin with the project's common header, share it.  Below the top,
 * an unguarded header ends the prefix.  Returns 1 where it ended early.
 */
static int user_prefix(const struct cal_parse_request *req, const char *includer, int top,
		       struct strbuf *out)
{
	struct strbuf text = STRBUF_INIT, lines = STRBUF_INIT;
	const char *slash = strrchr(includer, '/');
	char *line, *nl, *found;
	int ended = 0;

	if (read_file(includer, &text) < 0) {
		strbuf_release(&text);
		return 1;
	}
	cal_include_prefix_user(text.buf, text.len, &lines);
	strbuf_release(&text);
	for (line = lines.buf; !ended && (nl = strchr(line, '\n')); line = nl + 1) {
		const char *name = line + 10;
		size_t len = (size_t)(nl - 1 - name);
		if (line[9] == '<') {
			/* a user header through a relative -I: the PCH would name it otherwise */
			if (in_user_dir(req, name, len, 1))
				break;
			strbuf_add(out, line, (size_t)(nl + 1 - line));
			continue;
		}
		found = name[0] == '/' ? xasprintf("%.*s", (int)len, name) :
			slash ? xasprintf("%.*s/%.*s", (int)(slash - includer), includer,
					  (int)len, name) : NULL;
		if (!found || found[0] != '/') {
			free(found);
			break;
		}
		if (!exists(found) && name[0] != '/') {
			int relative;
			free(found);
			found = find_in_user_dirs(req, name, len, &relative);
			if (relative) {
				free(found);
				break;
			}
		}
		if (!found || !exists(found)) {
			strbuf_add(out, line, (size_t)(nl + 1 - line));
		} else if (top && (own_header(includer, found) || !looks_guarded(found))) {
			user_prefix(req, found, 0, out);
			ended = 1;
		} else if (!looks_guarded(found)) {
			ended = 1;
		} else {
			strbuf_addf(out, "#include \"%s\"\n", found);
		}
		free(found);
	}
	strbuf_release(&lines);
	return ended || line != lines.buf + lines.len;
}

/* The key: every argument of the parse and the prefix. */
static void preamble_key(const struct cal_parse_request *req, const char *prefix,
			 char key[CAL_HASH128_HEX_LEN + 1])
{
	struct cal_parse_request plain = *req;
	struct cal_argv args = { 0 };
	struct cal_hash128 h;
	int i;

	plain.pch = NULL;
	cal_parse_args(&plain, &args);
	cal_hash128_init(&h);
	cal_hash128_add_str(&h, CUATOMLINT_CLANG_PROGRAM);
	for (i = 0; i < args.n; i++)
		cal_hash128_add(&h, args.v[i], strlen(args.v[i]) + 1);
	cal_hash128_add_str(&h, prefix);
	cal_hash128_hex(&h, key);
	cal_argv_clear(&args);
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t n;

	if (!f)
		return NULL;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, n);
	fclose(f);
	return strbuf_detach(&sb);
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	int r;

	if (!f)
		return -1;
	r = fputs(text, f) < 0 ? -1 : 0;
	return fclose(f) < 0 ? -1 : r;
}

/* The files of one key, in the run's private folder. */
struct files {
	char *header, *pch, *deps, *fail, *seen, *seen2, *lock;
};

static void files_init(struct files *f, const char *dir, const char *key)
{
	f->header = xasprintf("%s/%s.h", dir, key);
	f->pch = xasprintf("%s/%s.pch", dir, key);
	f->deps = xasprintf("%s/%s.deps", dir, key);
	f->fail = xasprintf("%s/%s.fail", dir, key);
	f->seen = xasprintf("%s/%s.seen", dir, key);
	f->seen2 = xasprintf("%s/%s.seen2", dir, key);
	f->lock = xasprintf("%s/%s.lock", dir, key);
}

static void files_release(struct files *f)
{
	free(f->header);
	free(f->pch);
	free(f->deps);
	free(f->fail);
	free(f->seen);
	free(f->seen2);
	free(f->lock);
}

/* Make the marker path; 0 if it was there (made atomically: workers race). */
static int mark(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);

	if (fd < 0)
		return errno != EEXIST;
	close(fd);
	return 1;
}

/* How many parses with a key came before this one: 0, 1, or 2 for two or more. */
static int parses_before(const struct files *f)
{
	const char *v = getenv("CUATOMLINT_PCH");

	if (v && !strcmp(v, "always"))	/* a test hook: share even a file linted alone */
		return 2;
	if (mark(f->seen))
		return 0;
	return mark(f->seen2) ? 1 : 2;
}

/* The .deps file beside a PCH. */
static char *deps_path(const char *pch)
{
	size_t n = strlen(pch);
	return xasprintf("%.*s.deps", (int)(n > 4 ? n - 4 : n), pch);
}

static int build(CXIndex index, const struct cal_parse_request *req, const char *prefix,
		 const struct files *f, int user, const char *base, char **why)
{
	struct cal_argv deps = { 0 };
	char *facts = cal_pch_facts_path(f->pch);
	struct cal_pch_build b = { f->header, f->pch, req->env->dir, &deps, user, base, facts };
	struct strbuf sb = STRBUF_INIT;
	int i, r;

	if (write_text(f->header, prefix) < 0) {
		*why = xstrdup("cannot write the prefix header");
		return -1;
	}
	r = cal_pch_build(index, req, &b, why);
	for (i = 0; i < deps.n; i++)
		strbuf_addf(&sb, "%s\n", deps.v[i]);
	if (r == 0 && base) {	/* a chained PCH depends on its base's files too */
		char *path = deps_path(base), *text = read_text(path);
		if (text) {
			strbuf_adds(&sb, text);
		} else {
			*why = xstrdup("cannot read the base PCH's dependencies");
			r = -1;
		}
		free(text);
		free(path);
	}
	/* the PCH is used only once its dependencies are written */
	if (r == 0 && write_text(f->deps, sb.buf) < 0) {
		*why = xstrdup("cannot write the PCH's dependencies");
		r = -1;
	}
	if (r < 0)
		write_text(f->fail, *why);
	strbuf_release(&sb);
	cal_argv_clear(&deps);
	free(facts);
	return r;
}

/* How many bytes of PCHs the run's folder holds. */
static long pch_bytes(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct stat st;
	long n = 0;
	size_t len;

	while (d && (e = readdir(d))) {
		char *path;
		if ((len = strlen(e->d_name)) <= 4 || strcmp(e->d_name + len - 4, ".pch"))
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (stat(path, &st) == 0)
			n += (long)st.st_size;
		free(path);
	}
	if (d)
		closedir(d);
	return n;
}

/* Under the key's lock: the PCH (built now if no worker built it), or NULL. */
static char *get_locked(CXIndex index, const struct cal_parse_request *req, const char *dir,
			const char *prefix, const struct files *f, int user, const char *base,
			char **why)
{
	int fd = open(f->lock, O_RDWR | O_CREAT, 0600);
	char *pch = NULL;

	if (fd < 0 || flock(fd, LOCK_EX) < 0) {
		*why = xstrdup("cannot lock the PCH");
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	if (exists(f->deps))
		pch = xstrdup(f->pch);
	else if (exists(f->fail))
		*why = read_text(f->fail);
	else if (pch_bytes(dir) >= MAX_PCH_BYTES)
		*why = xasprintf("the run's PCHs already fill %ld MB", MAX_PCH_BYTES >> 20);
	else if (build(index, req, prefix, f, user, base, why) == 0)
		pch = xstrdup(f->pch);
	close(fd);	/* releases the lock */
	return pch;
}

/*
 * The PCH of prefix for req, or NULL (*why set when there is something to
 * say); one this call builds is built on base where base is not NULL.  It
 * is built once wait parses with its key came before (1: the first parse
 * is plain, and says nothing, which is the usual case).
 */
static char *get_for_prefix(CXIndex index, const struct cal_parse_request *req,
			    const char *prefix, int user, const char *base, int wait,
			    char **why)
{
	char key[CAL_HASH128_HEX_LEN + 1];
	char *pch = NULL;
	struct files f;

	preamble_key(req, prefix, key);
	files_init(&f, req->env->pch_dir, key);
	if (parses_before(&f) >= wait || exists(f.deps))
		pch = get_locked(index, req, req->env->pch_dir, prefix, &f, user, base, why);
	files_release(&f);
	return pch;
}

/* The PCH of prefix for req where one is built already, or NULL; nothing is marked or built. */
static char *built_for_prefix(const struct cal_parse_request *req, const char *prefix)
{
	char key[CAL_HASH128_HEX_LEN + 1];
	char *pch = NULL;
	struct files f;

	preamble_key(req, prefix, key);
	files_init(&f, req->env->pch_dir, key);
	if (exists(f.deps))	/* written last: the PCH and its facts are whole */
		pch = xstrdup(f.pch);
	files_release(&f);
	return pch;
}

/*
 * The PCH of the system includes a file begins with (system, maybe empty),
 * or, where that cannot be had (the first file that begins with them), the
 * PCH of none (*is_base set): the runtime header clang's CUDA mode includes
 * before any line of a file, and the tool's prelude, which every file with
 * the same arguments shares, whatever includes it begins with.  The PCH of
 * system is not built on that one: clang 19 then loses macros the base
 * defines and a header entered after both uses (libstdc++'s __N in
 * <bits/hashtable_policy.h>, stdgpu's examples), and the user PCH built on
 * it would make a chain of three.
 */
static char *get_system(CXIndex index, const struct cal_parse_request *req, const char *system,
			int *is_base, char **why)
{
	char *base, *pch, *base_why = NULL;

	base = get_for_prefix(index, req, "", 0, NULL, 1, &base_why);
	*is_base = 1;
	if (!*system) {
		*why = base_why;
		return base;
	}
	/*
	 * With the base at hand, the second file with these includes loads
	 * it too: a PCH of them (the runtime wrapper parsed again) pays back
	 * from the third.
	 */
	pch = get_for_prefix(index, req, system, 0, NULL, base ? 2 : 1, why);
	if (!pch) {
		free(base_why);
		return base;
	}
	*is_base = 0;
	free(base);
	free(base_why);
	return pch;
}

/*
 * The prefix over user headers, where it reaches one: its PCH, or else
 * (the first parse with it, or a refused one) the PCH of the system
 * includes the file begins with, which far more files share.  The user
 * PCH is built on that system PCH where it exists (chained): its build
 * then parses only the user headers, and it holds only them.
 */
static char *get_user(CXIndex index, const char *path, const struct cal_parse_request *req,
		      const char *system, char **why)
{
	struct strbuf prefix = STRBUF_INIT;
	char *pch = NULL, *sys, *user_why = NULL;
	size_t n = strlen(system);
	int is_base;

	user_prefix(req, path, 1, &prefix);
	/* built already: the PCHs below it are not needed (nor built for nothing) */
	if (strcmp(prefix.buf, system) && (pch = built_for_prefix(req, prefix.buf))) {
		strbuf_release(&prefix);
		return pch;
	}
	sys = get_system(index, req, system, &is_base, why);
	/* where the system lines (or none) begin the user prefix, their PCH is a base for it */
	if (strcmp(prefix.buf, system))
		pch = get_for_prefix(index, req, prefix.buf, 1,
				     is_base || !strncmp(prefix.buf, system, n) ? sys : NULL, 1,
				     &user_why);
	if (pch) {
		free(sys);
		free(*why);
		*why = NULL;
	} else {
		pch = sys;
		if (pch && user_why) {
			free(*why);
			*why = xasprintf("user headers not shared: %s", user_why);
		} else if (!pch && !*why) {
			*why = user_why;
			user_why = NULL;
		}
	}
	free(user_why);
	strbuf_release(&prefix);
	return pch;
}

char *cal_preamble_get(CXIndex index, const char *path, const struct cal_parse_request *req,
		       char **why)
{
	struct strbuf prefix = STRBUF_INIT;
	char *pch;
	int is_base;

	*why = NULL;
	if (req->opencl || req->nr_unsaved || !req->env->pch_dir ||
	    read_prefix(path, &prefix) < 0) {
		strbuf_release(&prefix);
		return NULL;
	}
	cut_at_user_header(req, &prefix);
	if (user_headers())
		pch = get_user(index, path, req, prefix.buf, why);
	else
		pch = get_system(index, req, prefix.buf, &is_base, why);
	strbuf_release(&prefix);
	return pch;
}

void cal_preamble_deps(const char *pch, struct cal_deps *deps)
{
	char *path = deps_path(pch);
	char *text = read_text(path), *line, *nl;

	for (line = text; line && *line; line = nl + 1) {
		if (!(nl = strchr(line, '\n')))
			break;
		*nl = '\0';
		cal_deps_add(deps, line);
	}
	free(text);
	free(path);
}
