#include "util/threads.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"

int cal_default_workers(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

struct pool {
	const struct cal_pool_task *task;
	size_t n, next;
	pthread_mutex_t lock;
};

static void *pool_thread(void *arg)
{
	struct pool *p = arg;
	const struct cal_pool_task *t = p->task;
	void *state = t->thread_start ? t->thread_start(t->arg) : NULL;

	for (;;) {
		size_t i;
		pthread_mutex_lock(&p->lock);
		i = p->next++;
		pthread_mutex_unlock(&p->lock);
		if (i >= p->n)
			break;
		t->item(i, state, t->arg);
	}
	if (t->thread_end)
		t->thread_end(state, t->arg);
	return NULL;
}

void cal_pool_run(const struct cal_pool_task *task, size_t n, int workers)
{
	struct pool p = { task, n, 0, PTHREAD_MUTEX_INITIALIZER };
	size_t i, nr_threads = workers > 0 ? (size_t)workers : (size_t)cal_default_workers();
	size_t started = 0;
	pthread_t *threads;

	if (nr_threads > n)
		nr_threads = n;
	threads = xcalloc(nr_threads ? nr_threads : 1, sizeof(*threads));
	for (i = 0; i < nr_threads; i++)
		started += pthread_create(&threads[started], NULL, pool_thread, &p) == 0;
	if (!started && n)
		pool_thread(&p);
	for (i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	free(threads);
	pthread_mutex_destroy(&p.lock);
}

int cal_thread_run_with_stack(void *(*fn)(void *), void *arg, size_t stack_bytes)
{
	pthread_attr_t attr;
	pthread_t t;
	int started;

	pthread_attr_init(&attr);
	started = pthread_attr_setstacksize(&attr, stack_bytes) == 0 &&
		  pthread_create(&t, &attr, fn, arg) == 0;
	pthread_attr_destroy(&attr);
	if (!started)
		return -1;
	pthread_join(t, NULL);
	return 0;
}
