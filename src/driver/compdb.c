#include "driver/compdb.h"

#include <clang-c/CXCompilationDatabase.h>
#include <errno.h>
#include <cjson/cJSON.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parse/ast.h"
#include "cuatomlint/strbuf.h"
#include "util/hash.h"

static char *json_path_for(const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return cal_path_join(path, "compile_commands.json");
	return xstrdup(path);
}

static unsigned line_of(const char *text, const char *at)
{
	unsigned line = 1;
	for (; text < at && *text; text++)
		line += *text == '\n';
	return line;
}

static int entry_is_valid(const cJSON *e)
{
	const cJSON *args = cJSON_GetObjectItemCaseSensitive(e, "arguments");
	const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(e, "command");
	const cJSON *a;

	if (!cJSON_IsObject(e) ||
	    !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "directory")) ||
	    !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "file")))
		return 0;
	if (cJSON_IsString(cmd))
		return 1;
	if (!cJSON_IsArray(args) || !cJSON_GetArraySize(args))
		return 0;
	cJSON_ArrayForEach(a, args)
		if (!cJSON_IsString(a))
			return 0;
	return 1;
}

/* A clear error for a database libclang would only call unloadable. */
static int validate_json(const char *json_path, char **err)
{
	struct strbuf text = STRBUF_INIT;
	cJSON *root, *e;
	int i = 0, r = -1;

	if (read_file(json_path, &text) < 0) {
		*err = xasprintf("cannot read compile database '%s': %s", json_path,
				 strerror(errno));
		return -1;
	}
	root = cJSON_ParseWithLength(text.buf, text.len);
	if (!root) {
		*err = xasprintf("%s:%u: invalid JSON in compile database", json_path,
				 line_of(text.buf, cJSON_GetErrorPtr()));
	} else if (!cJSON_IsArray(root)) {
		*err = xasprintf("%s: a compile database is a JSON array of commands", json_path);
	} else {
		r = 0;
		cJSON_ArrayForEach(e, root) {
			if (!entry_is_valid(e)) {
				*err = xasprintf("%s: entry %d needs \"directory\", \"file\" and "
						 "\"arguments\" or \"command\" strings", json_path, i);
				r = -1;
				break;
			}
			i++;
		}
	}
	cJSON_Delete(root);
	strbuf_release(&text);
	return r;
}

/*
 * libclang reads only a file named compile_commands.json in a directory;
 * a database of another name is reached through a symlink in a
 * temporary directory.
 */
static char *database_dir(const char *json_path, char **tmpdir)
{
	const char *slash = strrchr(json_path, '/');
	const char *base = slash ? slash + 1 : json_path;
	char tmpl[] = "/tmp/cuatomlint-db-XXXXXX";
	char abs[PATH_MAX], *link;

	*tmpdir = NULL;
	if (!strcmp(base, "compile_commands.json"))
		return slash ? xstrndup(json_path, (size_t)(slash - json_path)) : xstrdup(".");
	if (!realpath(json_path, abs) || !mkdtemp(tmpl))
		return NULL;
	link = cal_path_join(tmpl, "compile_commands.json");
	if (symlink(abs, link) < 0) {
		free(link);
		rmdir(tmpl);
		return NULL;
	}
	free(link);
	*tmpdir = xstrdup(tmpl);
	return xstrdup(tmpl);
}

static void remove_tmpdir(char *tmpdir)
{
	char *link;
	if (!tmpdir)
		return;
	link = cal_path_join(tmpdir, "compile_commands.json");
	unlink(link);
	rmdir(tmpdir);
	free(link);
	free(tmpdir);
}

static int same_command(const struct cal_compile_command *a,
			const struct cal_compile_command *b)
{
	int i;
	if (strcmp(a->file, b->file) || a->clang_args.n != b->clang_args.n ||
	    memcmp(&a->targets, &b->targets, sizeof(a->targets)))
		return 0;
	for (i = 0; i < a->clang_args.n; i++)
		if (strcmp(a->clang_args.v[i], b->clang_args.v[i]))
			return 0;
	return 1;
}

/*
 * The commands kept so far, by hash: a database of N entries is checked
 * for duplicates in O(N), not by comparing each entry with all before it.
 */
struct command_set {
	size_t *slots;		/* index + 1 into db->items; 0: empty */
	size_t alloc;		/* a power of two */
};

static uint64_t command_hash(const struct cal_compile_command *c)
{
	uint64_t h = CAL_FNV1A_SEED;
	int i;

	for (i = -1; i < c->clang_args.n; i++) {
		h = cal_fnv1a_add_str(h, i < 0 ? c->file : c->clang_args.v[i]);
		h = cal_fnv1a_add(h, "\xff", 1);	/* separates the words */
	}
	return cal_fnv1a_add(h, &c->targets, sizeof(c->targets));
}

/* The slot of c: holding an equal command, or empty. */
static size_t command_slot(const struct command_set *set, const struct cal_compdb *db,
			   const struct cal_compile_command *c)
{
	size_t mask = set->alloc - 1, i = (size_t)command_hash(c) & mask;
	while (set->slots[i] && !same_command(&db->items[set->slots[i] - 1], c))
		i = (i + 1) & mask;
	return i;
}

static void command_set_grow(struct command_set *set, const struct cal_compdb *db)
{
	struct command_set bigger = { NULL, set->alloc ? set->alloc * 2 : 1024 };
	size_t i;

	bigger.slots = xcalloc(bigger.alloc, sizeof(*bigger.slots));
	for (i = 0; i < db->nr; i++)
		bigger.slots[command_slot(&bigger, db, &db->items[i])] = i + 1;
	free(set->slots);
	*set = bigger;
}

static int is_duplicate(struct command_set *set, const struct cal_compdb *db,
			const struct cal_compile_command *c)
{
	if (2 * (db->nr + 1) > set->alloc)
		command_set_grow(set, db);
	return set->slots[command_slot(set, db, c)] != 0;
}

/* After c was added as db's last item. */
static void command_set_add(struct command_set *set, const struct cal_compdb *db)
{
	set->slots[command_slot(set, db, &db->items[db->nr - 1])] = db->nr;
}

static int add_command(struct cal_compdb *db, struct command_set *set, CXCompileCommand cc,
		       char **err)
{
	struct cal_compile_command cmd;
	struct cal_argv argv = { 0 };
	char *dir = cal_take_string(clang_CompileCommand_getDirectory(cc));
	char *file = cal_take_string(clang_CompileCommand_getFilename(cc));
	unsigned i, n = clang_CompileCommand_getNumArgs(cc);
	int r;

	for (i = 0; i < n; i++) {
		char *arg = cal_take_string(clang_CompileCommand_getArg(cc, i));
		cal_argv_push(&argv, arg);
		free(arg);
	}
	r = cal_translate_command(dir, file, argv.v, argv.n, &cmd, err);
	if (r == 0 && cmd.is_opencl)
		cmd.is_cuda = 0;	/* -x cl after a .cu name */
	if (r == 0)
		cal_argv_push(&db->program_files, cmd.file);
	if (r == 0 && ((!cmd.is_cuda && !cmd.is_opencl) || is_duplicate(set, db, &cmd))) {
		db->nr_skipped += !cmd.is_cuda && !cmd.is_opencl;
		cal_compile_command_release(&cmd);
	} else if (r == 0) {
		GROW(db->items, db->alloc, db->nr + 1);
		db->items[db->nr++] = cmd;
		command_set_add(set, db);
	} else {
		char *why = *err;
		*err = xasprintf("%s: %s", file, why);
		free(why);
	}
	cal_argv_clear(&argv);
	free(dir);
	free(file);
	return r;
}

static int read_commands(struct cal_compdb *db, const char *dir, char **err)
{
	CXCompilationDatabase_Error code;
	CXCompilationDatabase cdb = clang_CompilationDatabase_fromDirectory(dir, &code);
	CXCompileCommands cmds;
	struct command_set set = { NULL, 0 };
	unsigned i, n;
	int r = 0;

	if (code != CXCompilationDatabase_NoError || !cdb) {
		*err = xasprintf("libclang cannot load the compile database in '%s'", dir);
		return -1;
	}
	cmds = clang_CompilationDatabase_getAllCompileCommands(cdb);
	n = clang_CompileCommands_getSize(cmds);
	for (i = 0; i < n && r == 0; i++)
		r = add_command(db, &set, clang_CompileCommands_getCommand(cmds, i), err);
	free(set.slots);
	clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(cdb);
	return r;
}

static void build_path_index(struct cal_compdb *db);

int cal_compdb_load(const char *path, struct cal_compdb *db, char **err)
{
	char *tmpdir, *dir;
	int r;

	memset(db, 0, sizeof(*db));
	db->path = json_path_for(path);
	if (validate_json(db->path, err) < 0)
		return -1;
	dir = database_dir(db->path, &tmpdir);
	if (!dir) {
		*err = xasprintf("cannot open compile database '%s'", db->path);
		return -1;
	}
	r = read_commands(db, dir, err);
	if (r == 0)
		build_path_index(db);
	remove_tmpdir(tmpdir);
	free(dir);
	return r;
}

static size_t path_hash(const char *s)
{
	return (size_t)cal_fnv1a_add_str(CAL_FNV1A_SEED, s);
}

/* The slot of path in db->by_path: its first item's, or empty. */
static size_t path_slot(const struct cal_compdb *db, const char *path)
{
	size_t mask = db->by_path_alloc - 1, i = path_hash(path) & mask;
	while (db->by_path[i] && strcmp(db->real[db->by_path[i] - 1], path))
		i = (i + 1) & mask;
	return i;
}

/* Items by real path, so a lookup is O(1), not a realpath() of every entry. */
static void build_path_index(struct cal_compdb *db)
{
	char real[PATH_MAX];
	size_t i, *last;

	db->by_path_alloc = 16;
	while (db->by_path_alloc < 2 * db->nr + 2)
		db->by_path_alloc *= 2;
	db->by_path = xcalloc(db->by_path_alloc, sizeof(*db->by_path));
	db->next_same = xcalloc(db->nr + 1, sizeof(*db->next_same));
	db->real = xcalloc(db->nr + 1, sizeof(*db->real));
	last = xcalloc(db->nr + 1, sizeof(*last));
	for (i = 0; i < db->nr; i++) {
		const char *f = db->items[i].file;
		size_t slot;
		db->real[i] = xstrdup(realpath(f, real) ? real : f);
		db->next_same[i] = db->nr;
		slot = path_slot(db, db->real[i]);
		if (db->by_path[slot])
			db->next_same[last[db->by_path[slot] - 1]] = i;
		else
			db->by_path[slot] = i + 1;
		last[db->by_path[slot] - 1] = i;
	}
	free(last);
}

size_t cal_compdb_find(const struct cal_compdb *db, const char *file, size_t start)
{
	char abs[PATH_MAX];
	const char *want = realpath(file, abs) ? abs : file;
	size_t i;

	if (!db->nr || !db->by_path)
		return db->nr;
	i = db->by_path[path_slot(db, want)];
	if (!i)
		return db->nr;
	for (i--; i < db->nr && i < start; i = db->next_same[i])
		;
	return i;
}

/* The length of the folder name after the '/' at p, which ends at end or a '/'. */
static size_t folder_len(const char *p, const char *end)
{
	const char *q = p + 1;
	while (q < end && *q != '/')
		q++;
	return (size_t)(q - p - 1);
}

/* How many leading folders the absolute paths a and b share; *rest: b's folders below them. */
static int shared_folders(const char *a, const char *b, int *rest)
{
	const char *ea = strrchr(a, '/'), *eb = strrchr(b, '/');
	int shared = 0;

	*rest = 0;
	if (!ea || !eb)
		return 0;
	while (a < ea && b < eb && *a == '/' && *b == '/') {
		size_t na = folder_len(a, ea), nb = folder_len(b, eb);
		if (na != nb || memcmp(a + 1, b + 1, na))
			break;
		shared++;
		a += na + 1;
		b += nb + 1;
	}
	for (; b < eb; b++)
		*rest += *b == '/';
	return shared;
}

size_t cal_compdb_nearest(const struct cal_compdb *db, const char *file, int opencl)
{
	char abs[PATH_MAX];
	const char *want = realpath(file, abs) ? abs : file;
	size_t i, best = db->nr;
	int best_shared = -1, best_rest = 0;

	for (i = 0; db->real && i < db->nr; i++) {
		int rest, shared;
		if (db->items[i].is_opencl != (opencl != 0))
			continue;
		shared = shared_folders(want, db->real[i], &rest);
		if (shared > best_shared || (shared == best_shared && rest < best_rest)) {
			best = i;
			best_shared = shared;
			best_rest = rest;
		}
	}
	return best;
}

int cal_compdb_entry_under(const struct cal_compdb *db, size_t i, const char *dir)
{
	return db->real && i < db->nr && !strncmp(db->real[i], dir, strlen(dir));
}

void cal_compdb_release(struct cal_compdb *db)
{
	size_t i;
	for (i = 0; i < db->nr; i++)
		cal_compile_command_release(&db->items[i]);
	for (i = 0; db->real && i < db->nr; i++)
		free(db->real[i]);
	free(db->real);
	free(db->by_path);
	free(db->next_same);
	free(db->items);
	free(db->path);
	cal_argv_clear(&db->program_files);
	memset(db, 0, sizeof(*db));
}
