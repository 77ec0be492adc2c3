#ifndef VOICEPLUG_CMICROHTTPD_SHIM_H
#define VOICEPLUG_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/* MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: fixed-argument forms. */

/* A daemon with its own listening thread and a thread per connection, bound to `address`. */
static inline struct MHD_Daemon *voiceplug_mhd_start(unsigned int flags, const struct sockaddr *address,
    MHD_AccessHandlerCallback handler, void *handler_context, MHD_RequestCompletedCallback completed,
    void *completed_context, unsigned int connection_limit, unsigned int timeout_seconds, size_t stack_size,
    size_t memory_limit) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_THREAD_STACK_SIZE, stack_size,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_END);
}

/* The port the daemon listens on (the one the system chose for port 0). */
static inline uint16_t voiceplug_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/* The connection's peer address, or NULL. */
static inline const struct sockaddr *voiceplug_mhd_peer(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}
#endif
