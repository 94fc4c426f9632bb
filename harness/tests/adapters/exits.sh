# A broken adapter: says something on standard error and exits at once, answering nothing.
echo "adapter: cannot load my rules" >&2
exit 3
