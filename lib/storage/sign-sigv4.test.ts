import { describe, expect, it } from "vitest";
import { EMPTY_SHA256, signSigV4 } from "./sign-sigv4";

// AWS's published examples: the Signature Version 4 test suite (get-vanilla, get-vanilla-query-order-key-case)
// and the S3 "GET Object" example of the S3 API reference (header-based authentication).
const suite = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "service" };
const suiteDate = { "x-amz-date": "20150830T123600Z" };

describe("signSigV4 against AWS's published vectors", () => {
  it("get-vanilla", () => {
    const r = signSigV4({ method: "GET", url: new URL("https://example.amazonaws.com/"), headers: suiteDate, payloadHash: EMPTY_SHA256 }, suite);
    expect(r.canonicalRequest).toBe(["GET", "/", "", "host:example.amazonaws.com", "x-amz-date:20150830T123600Z", "", "host;x-amz-date", EMPTY_SHA256].join("\n"));
    expect(r.stringToSign).toBe(
      "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\nbb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63",
    );
    expect(r.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    );
  });

  it("get-vanilla-query-order-key-case (the query is sorted before signing)", () => {
    const r = signSigV4({ method: "GET", url: new URL("https://example.amazonaws.com/?Param2=value2&Param1=value1"), headers: suiteDate, payloadHash: EMPTY_SHA256 }, suite);
    expect(r.signature).toBe("b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500");
  });

  it("S3 GET Object with a Range header", () => {
    const r = signSigV4(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9", "x-amz-content-sha256": EMPTY_SHA256, "x-amz-date": "20130524T000000Z" },
        payloadHash: EMPTY_SHA256,
      },
      { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "s3" },
    );
    expect(r.stringToSign.split("\n").at(-1)).toBe("7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972");
    expect(r.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("stamps x-amz-date from the given time and keeps the caller's headers", () => {
    const r = signSigV4({ method: "put", url: new URL("http://127.0.0.1:9000/bucket/qs/ab"), headers: { "Content-Type": "application/octet-stream" }, payloadHash: "UNSIGNED-PAYLOAD", date: new Date("2026-01-02T03:04:05.678Z") }, { ...suite, service: "s3" });
    expect(r.headers["x-amz-date"]).toBe("20260102T030405Z");
    expect(r.headers.host).toBe("127.0.0.1:9000");
    expect(r.headers["content-type"]).toBe("application/octet-stream");
    expect(r.canonicalRequest.startsWith("PUT\n/bucket/qs/ab\n\n")).toBe(true);
  });
});
