#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "util/overlay.h"

struct overlay {
	char *path;
	char *text;
	size_t len;
};

static struct overlay *overlays;
static size_t nr_overlays, alloc_overlays;

static long find(const char *path)
{
	size_t i;
	for (i = 0; i < nr_overlays; i++)
		if (!strcmp(overlays[i].path, path))
			return (long)i;
	return -1;
}

void cal_overlay_set(const char *path, const char *text, size_t len)
{
	long i = find(path);

	if (i >= 0) {
		free(overlays[i].text);
		if (!text) {
			free(overlays[i].path);
			overlays[i] = overlays[--nr_overlays];
			return;
		}
	} else {
		if (!text)
			return;
		GROW(overlays, alloc_overlays, nr_overlays + 1);
		i = (long)nr_overlays++;
		overlays[i].path = xstrdup(path);
	}
	overlays[i].text = xstrndup(text, len);
	overlays[i].len = len;
}

int cal_overlay_get(const char *path, const char **text, size_t *len)
{
	long i = path ? find(path) : -1;

	if (i < 0)
		return 0;
	*text = overlays[i].text;
	*len = overlays[i].len;
	return 1;
}

size_t cal_overlay_count(void)
{
	return nr_overlays;
}

const char *cal_overlay_path(size_t i)
{
	return i < nr_overlays ? overlays[i].path : NULL;
}

void cal_overlay_clear(void)
{
	while (nr_overlays)
		cal_overlay_set(overlays[0].path, NULL, 0);
	free(overlays);
	overlays = NULL;
	alloc_overlays = 0;
}
