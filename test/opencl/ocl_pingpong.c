/*
 * Host program for the OpenCL validation kernels (test/opencl/run.sh).
 *
 *   ocl_pingpong KERNEL.cl ROUNDS MAX_SPINS TIMEOUT_S [BUILD OPTIONS...]
 *
 * Builds KERNEL.cl with -cl-std=$OCL_STD (default CL3.0; oclgrind takes
 * CL2.0) on the first OpenCL device (OCL_DEVICE_TYPE=gpu or cpu picks a type), runs its kernel 'pingpong' with two work-groups of one
 * work-item (OCL_GLOBAL / OCL_LOCAL set other sizes: a kernel's "validate:"
 * line in test/opencl/run.sh), and prints one line:
 *   "pass: ..."  exit 0   no stale read, no give-up
 *   "fail: ..."  exit 1   stale reads (the data a flag published was not seen)
 *   "hang: ..."  exit 3   the watchdog fired: a spin-wait never saw its flag
 *   "skip: ..."  exit 77  no OpenCL platform or device (CTest's SKIP code)
 *   "error: ..." exit 2   the kernel did not build or an OpenCL call failed
 * Work-groups of one kernel are not guaranteed to run concurrently; PoCL's
 * CPU device and NVIDIA's GPUs run two at once, oclgrind runs them one
 * after another (give MAX_SPINS and -DSPIN_GUARD there).
 */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS	/* clCreateCommandQueue: runs on 1.2 drivers too */
#include <CL/cl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void on_alarm(int sig)
{
	static const char msg[] = "hang: watchdog fired, the kernel never finished (a spin-wait or retry loop)\n";
	(void)sig;
	if (write(1, msg, sizeof(msg) - 1) < 0)
		_exit(3);
	_exit(3);
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, (size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static cl_device_id pick_device(void)
{
	cl_platform_id plats[8];
	cl_uint np = 0, i;
	const char *want = getenv("OCL_DEVICE_TYPE");
	cl_device_type type = want && !strcmp(want, "gpu") ? CL_DEVICE_TYPE_GPU
			      : want && !strcmp(want, "cpu") ? CL_DEVICE_TYPE_CPU : CL_DEVICE_TYPE_ALL;

	if (clGetPlatformIDs(8, plats, &np) != CL_SUCCESS)
		return NULL;
	for (i = 0; i < np; i++) {
		cl_device_id d;
		cl_uint nd = 0;
		if (clGetDeviceIDs(plats[i], type, 1, &d, &nd) == CL_SUCCESS && nd)
			return d;
	}
	return NULL;
}

#define CHECK(call) do { cl_int e_ = (call); if (e_ != CL_SUCCESS) { \
	printf("error: %s failed (%d)\n", #call, e_); return 2; } } while (0)

int main(int argc, char **argv)
{
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_program prog;
	cl_kernel k;
	cl_mem flag, data, result;
	cl_int err, rounds, max_spins, zero = 0, res[4];
	char opts[2048], name[256] = "", log[8192];
	const char *src;
	size_t global = getenv("OCL_GLOBAL") ? strtoul(getenv("OCL_GLOBAL"), NULL, 10) : 2;
	size_t local = getenv("OCL_LOCAL") ? strtoul(getenv("OCL_LOCAL"), NULL, 10) : 1;
	size_t nr_data;
	int i, timeout;

	if (argc < 5) {
		fprintf(stderr, "usage: %s KERNEL.cl ROUNDS MAX_SPINS TIMEOUT_S [OPTIONS...]\n", argv[0]);
		return 2;
	}
	rounds = (cl_int)strtol(argv[2], NULL, 10);
	max_spins = (cl_int)strtol(argv[3], NULL, 10);
	timeout = (int)strtol(argv[4], NULL, 10);
	snprintf(opts, sizeof(opts), "-cl-std=%s", getenv("OCL_STD") ? getenv("OCL_STD") : "CL3.0");
	for (i = 5; i < argc; i++) {
		strncat(opts, " ", sizeof(opts) - strlen(opts) - 1);
		strncat(opts, argv[i], sizeof(opts) - strlen(opts) - 1);
	}
	src = read_text(argv[1]);
	if (!src) {
		printf("error: cannot read %s\n", argv[1]);
		return 2;
	}
	nr_data = (size_t)rounds + 1 > global ? (size_t)rounds + 1 : global;	/* a word per round or work-item */
	dev = pick_device();
	if (!dev) {
		printf("skip: no OpenCL platform or device\n");
		return 77;
	}
	clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof(name), name, NULL);
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	CHECK(err);
	q = clCreateCommandQueue(ctx, dev, 0, &err);
	CHECK(err);
	prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	CHECK(err);
	if (clBuildProgram(prog, 1, &dev, opts, NULL, NULL) != CL_SUCCESS) {
		clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		printf("error: build failed on %s: %s\n", name, log);
		return 2;
	}
	k = clCreateKernel(prog, "pingpong", &err);
	CHECK(err);
	flag = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(cl_int), NULL, &err);
	CHECK(err);
	data = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(cl_int) * nr_data, NULL, &err);
	CHECK(err);
	result = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(res), NULL, &err);
	CHECK(err);
	CHECK(clEnqueueFillBuffer(q, flag, &zero, sizeof(zero), 0, sizeof(cl_int), 0, NULL, NULL));
	CHECK(clEnqueueFillBuffer(q, data, &zero, sizeof(zero), 0,
				  sizeof(cl_int) * nr_data, 0, NULL, NULL));
	CHECK(clEnqueueFillBuffer(q, result, &zero, sizeof(zero), 0, sizeof(res), 0, NULL, NULL));
	CHECK(clSetKernelArg(k, 0, sizeof(flag), &flag));
	CHECK(clSetKernelArg(k, 1, sizeof(data), &data));
	CHECK(clSetKernelArg(k, 2, sizeof(result), &result));
	CHECK(clSetKernelArg(k, 3, sizeof(rounds), &rounds));
	CHECK(clSetKernelArg(k, 4, sizeof(max_spins), &max_spins));
	signal(SIGALRM, on_alarm);
	alarm((unsigned)timeout);
	CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
	CHECK(clEnqueueReadBuffer(q, result, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
	alarm(0);
	if (res[0] + res[2]) {
		printf("fail: %d of %d reads stale on %s\n", res[0] + res[2], rounds, name);
		return 1;
	}
	printf("pass: %d rounds, no stale read on %s (give-ups %d)\n", rounds, name, res[1] + res[3]);
	return 0;
}
