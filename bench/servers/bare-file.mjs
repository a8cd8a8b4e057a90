// The media benchmark's baseline: a plain node:http server on 127.0.0.1:$PORT sending the file at
// $FILE from memory on every GET, with a content-length. What loopback and the client can carry at all.
import { readFileSync } from "node:fs";
import http from "node:http";

const file = readFileSync(process.env.FILE);
http
  .createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(file.length) });
    res.end(file);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
