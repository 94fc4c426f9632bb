# A broken adapter: reads nothing and answers nothing, for a minute (exec, so that killing the
# adapter kills the sleep).
exec sleep 60
