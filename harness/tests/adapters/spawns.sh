# An adapter that starts a child of its own and then hangs (issue 30): when it is killed, its
# child must go too. The child's process id is appended to the file named by the first
# argument.
sleep 1000 &
echo $! >> "$1"
IFS= read -r line
sleep 1000
