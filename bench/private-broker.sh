# Sourced by the bench scripts: a private mosquitto on a free loopback port (TCP_NODELAY on), its files in a
# folder of its own. `start_private_broker` sets $work (the folder), $port and $broker (its pid) and returns once
# it listens; `stop_private_broker` stops it and removes the folder.
start_private_broker() {
    work=$(mktemp -d)
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    cat > "$work/mosquitto.conf" <<CONF
listener $port 127.0.0.1
allow_anonymous true
set_tcp_nodelay true
user $(id -un)
CONF
    mosquitto -c "$work/mosquitto.conf" >/dev/null 2>&1 &
    broker=$!
    for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null && break; sleep 0.05; done
}

stop_private_broker() {
    kill "$broker" 2>/dev/null || true
    wait "$broker" 2>/dev/null || true
    rm -rf "$work"
}
