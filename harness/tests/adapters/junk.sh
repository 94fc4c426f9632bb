# A broken adapter: answers every request with a line that is not JSON.
while IFS= read -r line; do
    echo "hello, I am not JSON"
done
