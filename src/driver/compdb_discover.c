#include "driver/compdb_discover.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver/compdb.h"
#include "cuatomlint/strbuf.h"

/* The real directory of file, or NULL; caller frees. */
static char *dir_of(const char *file)
{
	char real[PATH_MAX], *slash;

	if (!realpath(file, real))
		return NULL;
	slash = strrchr(real, '/');
	if (slash)
		slash[slash == real] = '\0';	/* keep "/" itself */
	return xstrdup(real);
}

/* dir's parent in place; 0 once dir is "/". */
static int go_up(char *dir)
{
	char *slash = strrchr(dir, '/');

	if (!slash || !strcmp(dir, "/"))
		return 0;
	slash[slash == dir] = '\0';
	return 1;
}

static int lists(const char *db_path, const char *file)
{
	struct cal_compdb db;
	char *err = NULL;
	int found = 0;

	memset(&db, 0, sizeof(db));
	if (cal_compdb_load(db_path, &db, &err) == 0)
		found = cal_compdb_find(&db, file, 0) < db.nr;
	free(err);
	cal_compdb_release(&db);
	return found;
}

char *cal_compdb_discover(const char *file)
{
	char *dir = dir_of(file), *found = NULL;

	do {
		char *path = dir ? xasprintf("%s/compile_commands.json", dir) : NULL;
		if (path && access(path, R_OK) == 0 && lists(path, file))
			found = path;
		else
			free(path);
	} while (dir && !found && go_up(dir));
	free(dir);
	return found;
}

static void read_flags(const char *text, struct cal_argv *out)
{
	const char *line = text, *end;

	for (; *line; line = *end ? end + 1 : end) {
		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		if (end > line) {
			char *arg = xstrndup(line, (size_t)(end - line));
			size_t n = strlen(arg);
			if (n && arg[n - 1] == '\r')
				arg[n - 1] = '\0';
			if (*arg)
				cal_argv_push(out, arg);
			free(arg);
		}
	}
}

char *cal_compile_flags_discover(const char *file, struct cal_argv *out)
{
	char *dir = dir_of(file), *found = NULL;

	do {
		char *path = dir ? xasprintf("%s/compile_flags.txt", dir) : NULL;
		struct strbuf text = STRBUF_INIT;
		if (path && read_file(path, &text) == 0) {
			read_flags(text.buf, out);
			found = path;
		} else {
			free(path);
		}
		strbuf_release(&text);
	} while (dir && !found && go_up(dir));
	free(dir);
	return found;
}
