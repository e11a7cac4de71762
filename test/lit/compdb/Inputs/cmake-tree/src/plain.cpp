void plain(volatile int *plain_flag) { while (!*plain_flag) {} }
