// A scan thread that dies at once, for test/plugins/semantic-scan-threads.test.ts: the server is
// told (its logger), and searches go on without it.
throw new Error('this scan thread fails on purpose');
