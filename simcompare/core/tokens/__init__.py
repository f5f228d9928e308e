"""Clean text to weighted tokens: segmenters (jieba exact), stop words and dropped characters, weights, top-K."""
