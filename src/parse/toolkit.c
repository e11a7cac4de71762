#include "parse/toolkit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cuatomlint/strbuf.h"
#include "util/diag.h"

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int looks_like_toolkit(const char *path)
{
	char *h = xasprintf("%s/include/cuda.h", path);
	int ok = access(h, R_OK) == 0;
	free(h);
	return ok;
}

static int looks_like_rocm(const char *path)
{
	char *h = xasprintf("%s/include/hip/hip_runtime.h", path);
	int ok = access(h, R_OK) == 0;
	free(h);
	return ok;
}

/*
 * The ROCm whose HIP headers a HIP parse reads, found as hipcc finds its
 * own: $ROCM_PATH, then /opt/rocm; else Debian's under /usr.  A build's
 * --rocm-path comes later on the parse's command line and wins.
 */
static char *find_rocm(void)
{
	const char *env = getenv("ROCM_PATH");

	if (env && *env && looks_like_rocm(env))
		return xstrdup(env);
	if (looks_like_rocm("/opt/rocm"))
		return xstrdup("/opt/rocm");
	return xstrdup("/usr");
}

/* The toolkit that holds an nvcc found on PATH: <root>/bin/nvcc. */
static char *toolkit_from_path(void)
{
	const char *path = getenv("PATH");
	char *copy, *save = NULL, *dir, *found = NULL;

	if (!path)
		return NULL;
	copy = xstrdup(path);
	for (dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		char *nvcc = xasprintf("%s/nvcc", dir);
		char real[PATH_MAX];
		if (access(nvcc, X_OK) == 0 && realpath(nvcc, real)) {
			char *slash = strrchr(real, '/');
			if (slash) {
				*slash = '\0';
				slash = strrchr(real, '/');
				if (slash && !strcmp(slash, "/bin")) {
					*slash = '\0';
					if (looks_like_toolkit(real))
						found = xstrdup(real);
				}
			}
		}
		free(nvcc);
	}
	free(copy);
	return found;
}

static char *find_toolkit(const char *explicit_path)
{
	const char *env = getenv("CUDA_PATH");
	char *p;

	if (explicit_path)
		return looks_like_toolkit(explicit_path) ? xstrdup(explicit_path) : NULL;
	if (env && *env && looks_like_toolkit(env))
		return xstrdup(env);
	p = toolkit_from_path();
	if (p)
		return p;
	if (looks_like_toolkit("/usr/local/cuda"))
		return xstrdup("/usr/local/cuda");
	return NULL;
}

static void read_cuda_version(struct cal_env *env)
{
	struct strbuf sb = STRBUF_INIT;
	char *h = xasprintf("%s/include/cuda.h", env->cuda_path);
	const char *p;

	if (read_file(h, &sb) == 0 && (p = strstr(sb.buf, "#define CUDA_VERSION ")) != NULL) {
		long v = strtol(p + strlen("#define CUDA_VERSION "), NULL, 10);
		env->ver_major = (int)(v / 1000);
		env->ver_minor = (int)(v % 1000 / 10);
	}
	free(h);
	strbuf_release(&sb);
}

static int build_from_version_string(const char *v)
{
	const char *last = strrchr(v, '.');
	return last ? (int)strtol(last + 1, NULL, 10) : 0;
}

static int build_from_version_json(const char *root)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xasprintf("%s/version.json", root);
	int build = 0;

	if (read_file(path, &sb) == 0) {
		cJSON *json = cJSON_Parse(sb.buf);
		cJSON *nvcc = cJSON_GetObjectItemCaseSensitive(json, "cuda_nvcc");
		cJSON *ver = cJSON_GetObjectItemCaseSensitive(nvcc, "version");
		if (cJSON_IsString(ver))
			build = build_from_version_string(ver->valuestring);
		cJSON_Delete(json);
	}
	free(path);
	strbuf_release(&sb);
	return build;
}

static int build_from_dist_info(const char *root)
{
	static const char prefix[] = "nvidia_cuda_nvcc-";
	char *path = xasprintf("%s/dist-info", root);
	DIR *d = opendir(path);
	struct dirent *e;
	int build = 0;

	free(path);
	if (!d)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (!strncmp(e->d_name, prefix, strlen(prefix))) {
			char *v = xstrdup(e->d_name + strlen(prefix));
			char *dot = strstr(v, ".dist-info");
			if (dot)
				*dot = '\0';
			build = build_from_version_string(v);
			free(v);
			break;
		}
	}
	closedir(d);
	return build;
}

/*
 * The support files of this process, in the order they were made, so that
 * a SIGINT/SIGTERM/SIGHUP/SIGQUIT handler can remove them: it may only make
 * async-signal-safe calls (unlink, rmdir, raise), so the paths are built
 * beforehand.  A folder left by a process killed with SIGKILL is removed by
 * a later run: the folder's ".owner" file holds its process id.
 */
#define SUPPORT_MAX_PATHS 64
static char *support_paths[SUPPORT_MAX_PATHS];
static volatile sig_atomic_t nr_support_paths;
static pid_t support_owner;

static void note_support_path(const char *path)
{
	if (nr_support_paths < SUPPORT_MAX_PATHS) {
		support_paths[nr_support_paths] = xstrdup(path);
		nr_support_paths = nr_support_paths + 1;
	}
}

/*
 * The PCH folder: the parses' child processes make its files, which this
 * process never hears of; a fatal signal empties it through an open
 * descriptor and getdents64, which (unlike readdir) allocate nothing.
 */
static int pch_dir_fd = -1;

struct dirent64_raw {
	unsigned long long ino;
	long long off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

static void clear_pch_dir(void)
{
	char buf[4096];
	long n, at;
	int removed = 1;

	while (pch_dir_fd >= 0 && removed) {
		removed = 0;
		lseek(pch_dir_fd, 0, SEEK_SET);
		while ((n = syscall(SYS_getdents64, pch_dir_fd, buf, sizeof(buf))) > 0) {
			for (at = 0; at < n;) {
				struct dirent64_raw *d = (struct dirent64_raw *)(void *)(buf + at);
				if (strcmp(d->name, ".") && strcmp(d->name, "..") &&
				    unlinkat(pch_dir_fd, d->name, 0) == 0)
					removed = 1;
				at += d->reclen;
			}
		}
	}
}

/*
 * Another thread may make a PCH file while the handler empties the folder
 * (a preamble's .seen mark: signal-cleanup.test, under load): the PCH
 * folder is then not empty for its rmdir, nor the support folder.  The
 * round is taken again while the support folder stands, a few times: no
 * thread makes files that fast.
 */
static void remove_support_paths(void)
{
	int i, round;

	for (round = 0; round < 16 && nr_support_paths > 0; round++) {
		clear_pch_dir();
		for (i = nr_support_paths - 1; i >= 0; i--)
			if (unlink(support_paths[i]) < 0)
				rmdir(support_paths[i]);
		if (access(support_paths[0], F_OK) < 0)
			return;
	}
}

static void on_fatal_signal(int sig)
{
	if (getpid() == support_owner)	/* not in a parse's child process */
		remove_support_paths();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void forget_support_paths(void)
{
	int i, n = nr_support_paths;
	nr_support_paths = 0;
	for (i = 0; i < n; i++)
		free(support_paths[i]);
}

static const int cleanup_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define NR_CLEANUP_SIGNALS (sizeof(cleanup_signals) / sizeof(cleanup_signals[0]))

static void install_cleanup_handlers(void)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	support_owner = getpid();
	for (i = 0; i < NR_CLEANUP_SIGNALS; i++) {
		struct sigaction old;
		/* a signal the caller ignores (nohup) stays ignored */
		if (sigaction(cleanup_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(cleanup_signals[i], &sa, NULL);
	}
}

static void remove_tree(const char *path);

/* The process id in dir/.owner, or 0. */
static long folder_owner(const char *dir)
{
	char *p = xasprintf("%s/.owner", dir), buf[32], *end;
	FILE *f = fopen(p, "r");
	long pid = 0;

	free(p);
	if (!f)
		return 0;
	if (fgets(buf, sizeof(buf), f)) {
		pid = strtol(buf, &end, 10);
		if (end == buf || (*end && *end != '\n') || pid <= 0)
			pid = 0;
	}
	fclose(f);
	return pid;
}

static int is_support_name(const char *name)
{
	size_t i;
	if (strncmp(name, "cuatomlint-", 11) || strlen(name) != 17)
		return 0;
	for (i = 11; i < 17; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z') ||
		      (name[i] >= '0' && name[i] <= '9')))
			return 0;
	return 1;
}

/*
 * Support folders in tmp of processes that are gone (killed with SIGKILL,
 * or by a version without the signal handlers): this user's only, with an
 * owner file naming a process that no longer exists.
 */
static void remove_stale_folders(const char *tmp)
{
	DIR *d = opendir(tmp);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		char *dir;
		long pid;
		if (!is_support_name(e->d_name))
			continue;
		dir = xasprintf("%s/%s", tmp, e->d_name);
		pid = lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == getuid() ?
			      folder_owner(dir) : 0;
		if (pid > 0 && pid != (long)getpid() && kill((pid_t)pid, 0) < 0 && errno == ESRCH)
			remove_tree(dir);
		free(dir);
	}
	closedir(d);
}

static int write_text(const char *path, const char *text)
{
	FILE *f;
	int ok;

	note_support_path(path);
	f = fopen(path, "w");
	if (!f)
		return -1;
	ok = fputs(text, f) >= 0;
	return (fclose(f) == 0 && ok) ? 0 : -1;
}

static int make_support_dir(const char *path)
{
	note_support_path(path);
	return mkdir(path, 0700);
}

/*
 * dir/.owner: this process's id, for remove_stale_folders() of later runs
 * (a dot file: the result cache hashes the folder's other files).
 */
static int write_owner(const char *dir)
{
	char *p = xasprintf("%s/.owner", dir), *pid = xasprintf("%ld\n", (long)getpid());
	int r = write_text(p, pid);
	free(p);
	free(pid);
	return r;
}

static const char *const builtin_headers[] = {
	"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "cuda_fp16.h",
	"cuda_bf16.h", "device_atomic_functions.h", "sm_60_atomic_functions.h",
	"vector_types.h", "cooperative_groups.h", "cuda/atomic",
	"cuda/std/atomic", NULL,
};

static int write_builtin_headers(struct cal_env *env)
{
	char *p;
	int i, r = 0;

	p = xasprintf("%s/cuda", env->builtin_dir);
	r |= make_support_dir(p);
	free(p);
	p = xasprintf("%s/cuda/std", env->builtin_dir);
	r |= make_support_dir(p);
	free(p);
	p = xasprintf("%s/cuatomlint_cuda.h", env->builtin_dir);
	r |= write_text(p, cal_builtin_cuda_text);
	free(p);
	for (i = 0; builtin_headers[i]; i++) {
		p = xasprintf("%s/%s", env->builtin_dir, builtin_headers[i]);
		r |= write_text(p, "#pragma once\n#include <cuatomlint_cuda.h>\n");
		free(p);
	}
	return r ? -1 : 0;
}

/*
 * Headers nvcc's host compiler, gcc, has in its own include folder and
 * clang's resource folder lacks: OpenMP's and OpenACC's (llm.c includes
 * <omp.h> with no -I; nvcc finds it through gcc).  The stub folder, searched
 * after every other, gets a header forwarding to gcc's copy of each.
 */
static const char *const gcc_only_headers[] = {
	"omp.h", "openacc.h", "acc_prof.h", "quadmath.h", "quadmath_weak.h", NULL,
};

#if defined(__x86_64__)
#define GCC_TRIPLE_PREFIX "x86_64-"
#elif defined(__aarch64__)
#define GCC_TRIPLE_PREFIX "aarch64-"
#else
#define GCC_TRIPLE_PREFIX ""
#endif
#define GCC_ROOT "/usr/lib/gcc"

/* The newest gcc version folder under GCC_ROOT/triple with include/omp.h (NULL: none). */
static char *newest_gcc_include(const char *triple, long *newest)
{
	char *dir = xasprintf("%s/%s", GCC_ROOT, triple), *best = NULL;
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d)) != NULL) {
		char *end, *inc;
		long major = strtol(e->d_name, &end, 10);
		struct stat st;
		if (end == e->d_name || major <= *newest)
			continue;
		inc = xasprintf("%s/%s/include", dir, e->d_name);
		end = xasprintf("%s/omp.h", inc);
		if (!stat(end, &st) && S_ISREG(st.st_mode)) {
			free(best);
			best = inc;
			inc = NULL;
			*newest = major;
		}
		free(inc);
		free(end);
	}
	if (d)
		closedir(d);
	free(dir);
	return best;
}

static char *gcc_include_dir(void)
{
	DIR *d = opendir(GCC_ROOT);
	struct dirent *e;
	char *best = NULL, *found;
	long newest = 0;

	while (d && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' ||
		    strncmp(e->d_name, GCC_TRIPLE_PREFIX, strlen(GCC_TRIPLE_PREFIX)))
			continue;
		if ((found = newest_gcc_include(e->d_name, &newest)) != NULL) {
			free(best);
			best = found;
		}
	}
	if (d)
		closedir(d);
	return best;
}

/*
 * gcc 11's omp.h names a deallocator in __attribute__((__malloc__ (omp_free))),
 * which clang 19 rejects; the bare attribute means the same to a parse.
 */
static const char forwarder[] =
	"/* gcc's own header, as nvcc finds it */\n"
	"#pragma push_macro(\"__malloc__\")\n"
	"#define __malloc__(deallocator) __malloc__\n"
	"#include \"%s\"\n"
	"#pragma pop_macro(\"__malloc__\")\n";

static int write_gcc_forwarders(const struct cal_env *env)
{
	char *gcc = gcc_include_dir(), *p, *text, *target;
	struct stat st;
	int i, r = 0;

	for (i = 0; gcc && gcc_only_headers[i]; i++) {
		target = xasprintf("%s/%s", gcc, gcc_only_headers[i]);
		if (!stat(target, &st) && S_ISREG(st.st_mode) && !strchr(target, '"')) {
			p = xasprintf("%s/%s", env->stub_dir, gcc_only_headers[i]);
			text = xasprintf(forwarder, target);
			r |= write_text(p, text);
			free(text);
			free(p);
		}
		free(target);
	}
	free(gcc);
	return r;
}

static int make_support_files(struct cal_env *env, const char *tmp)
{
	char *tmpl = xasprintf("%s/cuatomlint-XXXXXX", tmp);
	char *p;
	int r = 0;

	if (!mkdtemp(tmpl)) {
		cal_error("cannot create a temporary directory in '%s': %s", tmp,
			  strerror(errno));
		free(tmpl);
		return -1;
	}
	note_support_path(tmpl);
	env->dir = tmpl;
	r |= write_owner(env->dir);
	env->stub_dir = xasprintf("%s/stub", env->dir);
	env->builtin_dir = xasprintf("%s/builtin", env->dir);
	p = xasprintf("%s/prelude", env->dir);
	r |= make_support_dir(env->stub_dir) | make_support_dir(env->builtin_dir) |
	     make_support_dir(p);
	env->prelude = xasprintf("%s/cuatomlint_prelude.h", p);
	free(p);
	r |= write_text(env->prelude, cal_prelude_text);
	env->pch_dir = xasprintf("%s/pch", env->dir);
	r |= make_support_dir(env->pch_dir);
	pch_dir_fd = open(env->pch_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	p = xasprintf("%s/texture_fetch_functions.h", env->stub_dir);
	r |= write_text(p, "/* removed in CUDA 13; stand-in for clang's wrapper */\n");
	free(p);
	p = xasprintf("%s/texture_indirect_functions.h", env->stub_dir);
	r |= write_text(p, "/* removed in CUDA 13; stand-in for clang's wrapper */\n");
	free(p);
	r |= write_gcc_forwarders(env);
	if (!env->cuda_path)
		r |= write_builtin_headers(env);
	if (r) {
		cal_error("cannot write support files under '%s'",
			env->dir);
		return -1;
	}
	return 0;
}

/*
 * The support folder, made with the cleanup signals held back: one that
 * came between mkdtemp() and the folder's note left the folder behind
 * (signal-cleanup.test, under load).  Held, it comes once every path made
 * is noted, and removes them all.
 */
static int write_support_files(struct cal_env *env)
{
	const char *tmp = getenv("TMPDIR");
	sigset_t held, old;
	size_t i;
	int r;

	tmp = tmp && *tmp ? tmp : "/tmp";
	remove_stale_folders(tmp);
	install_cleanup_handlers();
	sigemptyset(&held);
	for (i = 0; i < NR_CLEANUP_SIGNALS; i++)
		sigaddset(&held, cleanup_signals[i]);
	pthread_sigmask(SIG_BLOCK, &held, &old);
	r = make_support_files(env, tmp);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return r;
}

int cal_env_setup(struct cal_env *env, const char *explicit_path, int builtin)
{
	memset(env, 0, sizeof(*env));
	env->rocm_path = find_rocm();
	if (!builtin) {
		env->cuda_path = find_toolkit(explicit_path);
		if (!env->cuda_path && explicit_path) {
			cal_error("no CUDA toolkit at '%s' (no include/cuda.h)",
				explicit_path);
			return -1;
		}
	}
	if (env->cuda_path) {
		char *cccl = xasprintf("%s/include/cccl", env->cuda_path);
		if (is_dir(cccl))
			env->cccl_include = cccl;
		else
			free(cccl);
		read_cuda_version(env);
		env->ver_build = build_from_version_json(env->cuda_path);
		if (!env->ver_build)
			env->ver_build = build_from_dist_info(env->cuda_path);
	} else {
		/* The built-in environment models the newest toolkit we know. */
		env->ver_major = 13;
		env->ver_minor = 0;
	}
	return write_support_files(env);
}

static void remove_tree(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;

	if (d) {
		while ((e = readdir(d)) != NULL) {
			char *child;
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			child = xasprintf("%s/%s", path, e->d_name);
			remove_tree(child);
			free(child);
		}
		closedir(d);
		rmdir(path);
	} else {
		unlink(path);
	}
}

void cal_env_release(struct cal_env *env)
{
	if (env->dir)
		remove_tree(env->dir);
	forget_support_paths();
	if (pch_dir_fd >= 0)
		close(pch_dir_fd);
	pch_dir_fd = -1;
	free(env->pch_dir);
	free(env->cuda_path);
	free(env->cccl_include);
	free(env->dir);
	free(env->prelude);
	free(env->stub_dir);
	free(env->builtin_dir);
	free(env->rocm_path);
	memset(env, 0, sizeof(*env));
}

void cal_env_keep(struct cal_env *env)
{
	char *owner;

	if (!env->dir)
		return;
	owner = xasprintf("%s/.owner", env->dir);
	unlink(owner);	/* kept on purpose: never stale */
	free(owner);
	forget_support_paths();
	if (pch_dir_fd >= 0)
		close(pch_dir_fd);
	pch_dir_fd = -1;
	free(env->dir);
	env->dir = NULL;
}

unsigned cal_env_default_sm(const struct cal_env *env)
{
	if (env->ver_major >= 13)
		return 75;
	return 52;
}
