/* The C baseline for the MQTT wrapper's round trip: libmosquitto with its own
 * loop thread (mosquitto_loop_start), TCP_NODELAY, publish one message and
 * wait on a condition variable until it comes back through a subscription.
 *
 *   cc -O2 -o mqtt_roundtrip bench/mqtt_roundtrip.c -lmosquitto -lpthread
 *   ./mqtt_roundtrip PORT QOS COUNT     ->  {"qos":…,"count":…,"p50_us":…,"p99_us":…}
 */
#include <mosquitto.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t arrived = PTHREAD_COND_INITIALIZER;
static int received = 0, subscribed = 0;

static void on_message(struct mosquitto *m, void *u, const struct mosquitto_message *msg) {
    pthread_mutex_lock(&lock); received++; pthread_cond_signal(&arrived); pthread_mutex_unlock(&lock);
}
static void on_subscribe(struct mosquitto *m, void *u, int mid, int n, const int *q) {
    pthread_mutex_lock(&lock); subscribed = 1; pthread_cond_signal(&arrived); pthread_mutex_unlock(&lock);
}
static double now_us(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}
static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s PORT QOS COUNT\n", argv[0]); return 2; }
    int port = atoi(argv[1]), qos = atoi(argv[2]), count = atoi(argv[3]), warmup = 200;
    mosquitto_lib_init();
    struct mosquitto *m = mosquitto_new(NULL, true, NULL);
    mosquitto_int_option(m, MOSQ_OPT_TCP_NODELAY, 1);
    mosquitto_message_callback_set(m, on_message);
    mosquitto_subscribe_callback_set(m, on_subscribe);
    if (mosquitto_connect(m, "127.0.0.1", port, 30) != MOSQ_ERR_SUCCESS) { fprintf(stderr, "connect failed\n"); return 3; }
    mosquitto_loop_start(m);
    mosquitto_subscribe(m, NULL, "bench/c", qos);
    pthread_mutex_lock(&lock); while (!subscribed) pthread_cond_wait(&arrived, &lock); pthread_mutex_unlock(&lock);
    char payload[40]; memset(payload, 'a', sizeof payload);
    double *samples = calloc(count, sizeof *samples);
    for (int i = 0; i < count + warmup; i++) {
        double start = now_us();
        pthread_mutex_lock(&lock);
        int want = received + 1;
        pthread_mutex_unlock(&lock);
        mosquitto_publish(m, NULL, "bench/c", sizeof payload, payload, qos, false);
        pthread_mutex_lock(&lock); while (received < want) pthread_cond_wait(&arrived, &lock); pthread_mutex_unlock(&lock);
        if (i >= warmup) samples[i - warmup] = now_us() - start;
    }
    qsort(samples, count, sizeof *samples, cmp);
    printf("{\"qos\":%d,\"count\":%d,\"p50_us\":%.1f,\"p99_us\":%.1f}\n", qos, count, samples[count / 2], samples[(int)(count * 0.99)]);
    mosquitto_disconnect(m);
    mosquitto_loop_stop(m, false);
    mosquitto_destroy(m);
    mosquitto_lib_cleanup();
    return 0;
}
