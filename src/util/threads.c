#include "util/threads.h"

#include <pthread.h>
#include <unistd.h>

int cal_default_workers(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
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
